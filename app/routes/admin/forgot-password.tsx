import { data, Form, useNavigation } from "react-router";
import { FormAlert, FormNotice, SignInFrame } from "~/components/admin/sign-in-frame";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { clientIpContext, rateLimitRefusalContext } from "~/http/request-context.server";
import { requestPasswordReset } from "~/services/auth/password-reset.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { mailContext } from "~/services/mail/context.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/forgot-password";

const MISSING_EMAIL_MESSAGE = "Enter your email address.";

type ActionResult = { sent: true; message: string } | { sent: false; error: string; email: string };

/**
 * "Forgot password": outside the admin layout's session guard, like the sign-in page. The answer to an address is
 * the same whether it is an admin's or not (services/auth/password-reset.server.ts); server/app.ts limits the posts
 * per client address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError)
      return data<ActionResult>({ sent: false, error: error.message, email: "" }, { status: STATUS_BY_CODE[error.code] });
    throw error;
  }
  const email = String(form.get("email") ?? "").slice(0, 254);
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) return data<ActionResult>({ sent: false, error: refusal, email }, { status: 429 });
  if (!email.trim()) return data<ActionResult>({ sent: false, error: MISSING_EMAIL_MESSAGE, email }, { status: 400 });

  const db = getDb();
  const { message } = await requestPasswordReset(db, email, await mailContext(db, getEnv().SITE_URL), { ip: context.get(clientIpContext) });
  return data<ActionResult>({ sent: true, message });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Forgot password", { nofollow: true });
export const headers: Route.HeadersFunction = () => adminHeaders();

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  return (
    <SignInFrame
      title="Forgot password"
      intro="Enter the email address you sign in with. We will send you a link to choose a new password."
      footer={{ to: "/admin/login", label: "← Back to sign-in" }}
    >
      {actionData?.sent ? (
        <FormNotice className="mb-0">{actionData.message}</FormNotice>
      ) : (
        <Form method="post">
          {actionData?.error ? <FormAlert>{actionData.error}</FormAlert> : null}
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
          <Button type="submit" className="mt-6 w-full" disabled={submitting}>
            {submitting ? "Sending..." : "Send the link"}
          </Button>
        </Form>
      )}
    </SignInFrame>
  );
}
