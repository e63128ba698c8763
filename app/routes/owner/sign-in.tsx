import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { pageMeta } from "~/http/meta";
import { OWNER_NO_STORE } from "~/http/owner-auth.server";
import { rateLimitRefusalContext } from "~/http/request-context.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { mailContext } from "~/services/mail/context.server";
import { requestOwnerSignIn } from "~/services/owners/owners.server";
import { getEnv } from "~/utils/env.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormMessage, OwnerCard } from "~/components/owners/owner-frame";
import type { Route } from "./+types/sign-in";

type ActionResult = { sent: true; message: string } | { sent: false; error: string; email: string };

/** "Send me a sign-in link": the same answer whether the address owns a listing or not (owners.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
  } catch (error) {
    if (error instanceof AppError)
      return data<ActionResult>(
        { sent: false, error: error.message, email: "" },
        { status: STATUS_BY_CODE[error.code], headers: OWNER_NO_STORE },
      );
    throw error;
  }
  const email = String(form.get("email") ?? "").slice(0, 254);
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) return data<ActionResult>({ sent: false, error: refusal, email }, { status: 429, headers: OWNER_NO_STORE });
  const db = getDb();
  try {
    const { message } = await requestOwnerSignIn(db, email, await mailContext(db, getEnv().SITE_URL));
    return data<ActionResult>({ sent: true, message }, { headers: OWNER_NO_STORE });
  } catch (error) {
    if (error instanceof AppError)
      return data<ActionResult>(
        { sent: false, error: error.message, email },
        { status: STATUS_BY_CODE[error.code], headers: OWNER_NO_STORE },
      );
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => OWNER_NO_STORE;
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Owner sign-in", path: "/owner/sign-in", noindex: true });

export default function OwnerSignIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <OwnerCard
      title="Sign in to your listing"
      intro="Owners of a listing sign in with a link we mail them: no password. Enter the address your claim was approved for."
    >
      {actionData?.sent ? (
        <FormMessage tone="ok">{actionData.message}</FormMessage>
      ) : (
        <Form method="post" noValidate className="grid gap-5">
          <FormMessage>{actionData?.error}</FormMessage>
          <TextField
            id="owner-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            required
            defaultValue={actionData?.email}
          />
          <div>
            <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
              {submitting ? "Sending..." : "Send me a sign-in link"}
            </Button>
          </div>
        </Form>
      )}
      <p className="mt-6 text-sm text-muted">
        Not an owner yet? Open your business&apos;s listing and choose &ldquo;Is this your business? Claim it&rdquo;.
      </p>
    </OwnerCard>
  );
}
