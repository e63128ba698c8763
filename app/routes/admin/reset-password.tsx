import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert, SignInFrame } from "~/components/admin/sign-in-frame";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { clearSessionCookie } from "~/http/auth.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { clientIpContext, rateLimitRefusalContext } from "~/http/request-context.server";
import { MIN_PASSWORD_LENGTH } from "~/services/auth/password.server";
import { findPasswordReset, isResetLinkRefusal, resetPassword } from "~/services/auth/password-reset.server";
import { FORGOT_PASSWORD_PATH, PASSWORD_CHANGED_PARAM, RESET_LINK_EXPIRED_MESSAGE } from "~/services/auth/password-reset-form";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import type { Route } from "./+types/reset-password";

const MISSING_PASSWORD_MESSAGE = "Enter a new password.";
const PASSWORDS_DIFFER_MESSAGE = "The two passwords are not the same.";

type ActionResult =
  | { expired: true; error: string }
  | { expired: false; error: string; fieldErrors: { password?: string | undefined; confirm?: string | undefined } };

const LOGIN_PATH = "/admin/login";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The page a "Forgot password" link opens (services/auth/password-reset.server.ts): the form only while the link is
 * live, else the expired message (a page like any other: a 200; a post through a dead link is the 400). Reading it changes nothing: mail scanners open links too. The form posts to
 * this same address, token included (the request log keeps only its first characters, server/main.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = await findPasswordReset(getDb(), tokenOf(request));
  if (!link.live) return { live: false as const };
  return { live: true as const, email: link.email, minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const refused = (result: ActionResult, status: number) => data<ActionResult>(result, { status });
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError) return refused({ expired: false, error: error.message, fieldErrors: {} }, STATUS_BY_CODE[error.code]);
    throw error;
  }
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) return refused({ expired: false, error: refusal, fieldErrors: {} }, 429);

  const db = getDb();
  const token = tokenOf(request);
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (!(await findPasswordReset(db, token)).live) return refused({ expired: true, error: RESET_LINK_EXPIRED_MESSAGE }, 400);
  if (!password)
    return refused({ expired: false, error: MISSING_PASSWORD_MESSAGE, fieldErrors: { password: MISSING_PASSWORD_MESSAGE } }, 400);
  if (password !== confirm) {
    return refused({ expired: false, error: PASSWORDS_DIFFER_MESSAGE, fieldErrors: { confirm: PASSWORDS_DIFFER_MESSAGE } }, 400);
  }
  try {
    await resetPassword(db, token, password, { ip: context.get(clientIpContext) });
  } catch (error) {
    if (isResetLinkRefusal(error)) return refused({ expired: true, error: RESET_LINK_EXPIRED_MESSAGE }, 400);
    if (error instanceof AppError) {
      return refused(
        { expired: false, error: error.message, fieldErrors: { password: error.fieldErrors?.password } },
        STATUS_BY_CODE[error.code],
      );
    }
    throw error;
  }
  // Every session of the admin has ended: this browser's cookie, if it had one, goes too.
  throw redirect(`${LOGIN_PATH}?${new URLSearchParams([[PASSWORD_CHANGED_PARAM.name, PASSWORD_CHANGED_PARAM.value]])}`, {
    headers: { "Set-Cookie": await clearSessionCookie() },
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Choose a new password", { nofollow: true });
export const headers: Route.HeadersFunction = () => adminHeaders();

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  // A refused password: both fields are typed again, from the first.
  useEffect(() => {
    if (actionData && !actionData.expired && password.current && confirm.current) {
      password.current.value = "";
      confirm.current.value = "";
      password.current.focus();
    }
  }, [actionData]);

  if (!loaderData.live || actionData?.expired) {
    return (
      <SignInFrame
        title="Link expired"
        intro="A link to reset the password works once, within 30 minutes."
        footer={{ to: LOGIN_PATH, label: "← Back to sign-in" }}
      >
        <FormAlert>{RESET_LINK_EXPIRED_MESSAGE}</FormAlert>
        <Link to={FORGOT_PASSWORD_PATH} className={buttonVariants({ className: "w-full" })}>
          Ask for a new link
        </Link>
      </SignInFrame>
    );
  }

  const fieldErrors = actionData?.fieldErrors ?? {};
  const hint = `At least ${loaderData.minLength} characters.`;
  return (
    <SignInFrame
      title="Choose a new password"
      intro={
        <>
          For the admin account <strong className="font-medium text-ink">{loaderData.email}</strong>. You will then sign in again
          everywhere.
        </>
      }
      footer={{ to: LOGIN_PATH, label: "← Back to sign-in" }}
    >
      <Form method="post">
        {actionData?.error && !fieldErrors.password && !fieldErrors.confirm ? <FormAlert>{actionData.error}</FormAlert> : null}
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <div>
          <Label htmlFor="password">New password</Label>
          <Input
            ref={password}
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            minLength={loaderData.minLength}
            aria-describedby={fieldErrors.password ? "password-error" : "password-hint"}
            aria-invalid={fieldErrors.password ? true : undefined}
          />
          {fieldErrors.password ? (
            <FieldError id="password-error">{fieldErrors.password}</FieldError>
          ) : (
            <p id="password-hint" className="mt-1.5 text-sm text-muted">
              {hint}
            </p>
          )}
        </div>
        <div className="mt-4">
          <Label htmlFor="confirm">Confirm the new password</Label>
          <Input
            ref={confirm}
            id="confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            minLength={loaderData.minLength}
            aria-describedby={fieldErrors.confirm ? "confirm-error" : undefined}
            aria-invalid={fieldErrors.confirm ? true : undefined}
          />
          <FieldError id="confirm-error">{fieldErrors.confirm}</FieldError>
        </div>
        <Button type="submit" className="mt-6 w-full" disabled={submitting}>
          {submitting ? "Saving..." : "Set the new password"}
        </Button>
      </Form>
    </SignInFrame>
  );
}
