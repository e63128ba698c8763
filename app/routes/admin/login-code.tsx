import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert, SignInFrame } from "~/components/admin/sign-in-frame";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import {
  clearChallengeCookie,
  commitDeviceCookie,
  commitSessionCookie,
  getOptionalAdmin,
  getSecondFactorKeys,
  readChallengeId,
  readDeviceId,
  safeAdminRedirect,
} from "~/http/auth.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { clientIpContext, rateLimitRefusalContext } from "~/http/request-context.server";
import { completeCodeSignIn } from "~/services/auth/second-factor.server";
import { SIGN_IN_CODE_PATH, SIGN_IN_STEP_EXPIRED_MESSAGE } from "~/services/auth/second-factor-form";
import { findSignInChallenge } from "~/services/auth/sign-in-challenges.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import type { Route } from "./+types/login-code";

const LOGIN_PATH = "/admin/login";

type ActionResult = { expired: true } | { expired: false; error: string };

/**
 * The second step of an admin's sign-in (decision 048): reached only with the cookie the right password gave this
 * browser, for five minutes. `?recovery` asks for a recovery code instead of the app's code (a link, so that it
 * works without JavaScript); the field takes either.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = safeAdminRedirect(params.get("next"));
  if (await getOptionalAdmin(request)) throw redirect(next);
  const challengeId = await readChallengeId(request);
  const live = challengeId ? await findSignInChallenge(getDb(), challengeId) : null;
  return { live: !!live, next, recovery: params.has("recovery") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const refused = (result: ActionResult, status: number, headers?: HeadersInit) => data<ActionResult>(result, { status, headers });
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError) return refused({ expired: false, error: error.message }, STATUS_BY_CODE[error.code]);
    throw error;
  }
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) return refused({ expired: false, error: refusal }, 429);

  const challengeId = await readChallengeId(request);
  const result = await completeCodeSignIn(getDb(), getSecondFactorKeys(), {
    challengeId,
    code: String(form.get("code") ?? ""),
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    switch (result.reason) {
      case "expired":
        return refused({ expired: true }, 400, { "Set-Cookie": await clearChallengeCookie() });
      case "missing":
      case "malformed":
        return refused({ expired: false, error: result.message }, 400);
      case "wrong":
        return refused({ expired: false, error: result.message }, 401);
      case "unreadable":
        return refused({ expired: false, error: result.message }, 409);
      case "throttled":
        return refused({ expired: false, error: result.message }, 429, { "Retry-After": String(result.retryAfterSeconds) });
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(result.sessionId));
  headers.append("Set-Cookie", await commitDeviceCookie(result.admin.email, await readDeviceId(request, result.admin.email)));
  headers.append("Set-Cookie", await clearChallengeCookie());
  throw redirect(safeAdminRedirect(form.get("next")), { headers });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Two-step sign-in", { nofollow: true });
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...adminHeaders(), ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

const linkClass = "font-medium text-rose-brand underline-offset-4 hover:underline";

export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const input = useRef<HTMLInputElement>(null);
  const { next, recovery } = loaderData;
  const error = actionData && !actionData.expired ? actionData.error : null;

  // A refused code: the field is emptied for the next one.
  useEffect(() => {
    if (error && input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }, [actionData, error]);

  const signInAgain = `${LOGIN_PATH}?${new URLSearchParams({ next })}`;
  if (!loaderData.live || actionData?.expired) {
    return (
      <SignInFrame
        title="Sign in again"
        intro="The step after the password lasts 5 minutes."
        footer={{ to: "/", label: "← Back to the site" }}
      >
        <FormAlert>{SIGN_IN_STEP_EXPIRED_MESSAGE}</FormAlert>
        <Link to={signInAgain} className={buttonVariants({ className: "w-full" })}>
          Sign in
        </Link>
      </SignInFrame>
    );
  }

  const otherWay = `${SIGN_IN_CODE_PATH}?${new URLSearchParams(recovery ? { next } : { next, recovery: "" })}`;
  return (
    <SignInFrame
      title="Two-step sign-in"
      intro={
        recovery
          ? "Enter one of the recovery codes you saved when you turned two-step sign-in on. Each works once."
          : "Enter the 6-digit code from your authenticator app."
      }
      footer={{ to: signInAgain, label: "← Sign in as someone else" }}
    >
      <Form method="post" action={`${SIGN_IN_CODE_PATH}?${new URLSearchParams(recovery ? { next, recovery: "" } : { next })}`}>
        <input type="hidden" name="next" value={next} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div>
          <Label htmlFor="code">{recovery ? "Recovery code" : "Code"}</Label>
          <Input
            ref={input}
            id="code"
            name="code"
            type="text"
            required
            autoFocus
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            spellCheck={false}
            autoCapitalize="off"
            maxLength={64}
            placeholder={recovery ? "xxxx-xxxx" : "123456"}
            className="font-mono text-lg tracking-widest"
            aria-invalid={error ? true : undefined}
          />
        </div>
        <Button type="submit" className="mt-6 w-full" disabled={submitting}>
          {submitting ? "Checking..." : "Verify and sign in"}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={otherWay} className={linkClass}>
          {recovery ? "Use the code from your app instead" : "Use a recovery code instead"}
        </Link>
      </p>
    </SignInFrame>
  );
}
