import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { FormAlert, FormNotice, SignInFrame } from "~/components/admin/sign-in-frame";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { INVALID_CREDENTIALS_MESSAGE, signIn } from "~/services/auth/admins.server";
import { PASSWORD_HASHING_BUSY_MESSAGE } from "~/services/auth/password.server";
import { FORGOT_PASSWORD_PATH, PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_PARAM } from "~/services/auth/password-reset-form";
import { accountSlowedMessage, LOGIN_THROTTLED_MESSAGE } from "~/services/auth/throttle.server";
import {
  commitChallengeCookie,
  commitDeviceCookie,
  commitSessionCookie,
  getOptionalAdmin,
  readDeviceId,
  safeAdminRedirect,
} from "~/http/auth.server";
import { SIGN_IN_CODE_PATH } from "~/services/auth/second-factor-form";
import { clientIpContext, rateLimitRefusalContext } from "~/http/request-context.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import type { Route } from "./+types/login";

const MISSING_FIELDS_MESSAGE = "Enter your email address and password.";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = params.get("next");
  if (await getOptionalAdmin(request)) throw redirect(safeAdminRedirect(next));
  // After a new password was set through a "Forgot password" link (routes/admin/reset-password.tsx).
  const notice = params.get(PASSWORD_CHANGED_PARAM.name) === PASSWORD_CHANGED_PARAM.value ? PASSWORD_CHANGED_MESSAGE : null;
  return { next: safeAdminRedirect(next), notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.message, email: "" }, { status: STATUS_BY_CODE[error.code] });
    throw error;
  }
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const refusal = context.get(rateLimitRefusalContext);
  // Past the sign-in form's request limit (server/app.ts): the limit's message beside the form, nothing checked.
  if (refusal !== null) return data({ error: refusal, email }, { status: 429 });
  if (!email.trim() || !password) return data({ error: MISSING_FIELDS_MESSAGE, email }, { status: 400 });

  const device = await readDeviceId(request, email);
  const result = await signIn(getDb(), {
    email,
    password,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("user-agent"),
    device,
  });
  if (!result.ok) {
    if (result.reason === "invalid") return data({ error: INVALID_CREDENTIALS_MESSAGE, email }, { status: 401 });
    if (result.reason === "code_required") {
      // The right password of an admin with a second factor: not signed in yet. This browser carries the step to the
      // code page; no session exists until a code ends it (decision 048).
      const next = new URLSearchParams({ next: safeAdminRedirect(form.get("next")) });
      throw redirect(`${SIGN_IN_CODE_PATH}?${next}`, { headers: { "Set-Cookie": await commitChallengeCookie(result.challengeId) } });
    }
    const error = {
      throttled: LOGIN_THROTTLED_MESSAGE,
      slowed: accountSlowedMessage(result.retryAfterSeconds),
      busy: PASSWORD_HASHING_BUSY_MESSAGE,
    }[result.reason];
    return data({ error, email }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(result.sessionId));
  // This browser now counts as one this admin uses: a throttle on the account never holds it back.
  headers.append("Set-Cookie", await commitDeviceCookie(result.admin.email, device));
  throw redirect(safeAdminRedirect(form.get("next")), { headers });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Sign in", { nofollow: true });
// The action's Retry-After on a throttled attempt reaches the browser; the rest are every admin page's headers.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { ...adminHeaders(), ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const password = useRef<HTMLInputElement>(null);

  // A refused attempt leaves the email as typed and asks for the password again.
  useEffect(() => {
    if (actionData?.error && password.current) {
      password.current.value = "";
      password.current.focus();
    }
  }, [actionData]);

  return (
    <SignInFrame title="Admin sign-in" intro="Manage listings, festivals, posts and settings.">
      <Form method="post">
        <input type="hidden" name="next" value={loaderData.next} />
        {actionData?.error ? (
          <FormAlert>{actionData.error}</FormAlert>
        ) : loaderData.notice ? (
          <FormNotice>{loaderData.notice}</FormNotice>
        ) : null}
        <div>
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            defaultValue={actionData?.email}
            aria-invalid={actionData?.error ? true : undefined}
          />
        </div>
        <div className="mt-4">
          <Label htmlFor="password">Password</Label>
          <Input
            ref={password}
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={actionData?.error ? true : undefined}
          />
        </div>
        <Button type="submit" className="mt-6 w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={FORGOT_PASSWORD_PATH} className="font-medium text-rose-brand underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </SignInFrame>
  );
}
