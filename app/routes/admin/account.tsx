import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/list/list-page";
import { SecondFactorPanel } from "~/components/admin/second-factor";
import { getDb } from "~/db/db.server";
import { readAdminForm } from "~/http/admin-action.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { getSecondFactorKeys, requireAdmin } from "~/http/auth.server";
import { clientIpContext } from "~/http/request-context.server";
import {
  cancelSecondFactorSetup,
  CodeThrottledError,
  disableSecondFactor,
  enableSecondFactor,
  getSecondFactorSetup,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  startSecondFactorSetup,
} from "~/services/auth/second-factor.server";
import { groupSecret } from "~/services/auth/second-factor-form";
import type { SecondFactorActionResult } from "~/components/admin/second-factor";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { getSiteSettings } from "~/services/settings/settings.server";
import type { Route } from "./+types/account";

const issuerOf = async () => (await getSiteSettings(getDb())).general.siteName || "Wholesale Flower Finder";

/** The signed-in admin's own account: two-step sign-in, its setup and its recovery codes (decision 048). */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const db = getDb();
  const status = await getSecondFactorStatus(db, admin.id);
  const setup = status.pending ? await getSecondFactorSetup(db, getSecondFactorKeys(), admin, await issuerOf()) : null;
  return {
    email: admin.email,
    status,
    setup: setup ? { qrSvg: setup.qrSvg, secret: groupSecret(setup.secret), uri: setup.uri } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const db = getDb();
  const keys = getSecondFactorKeys();
  const ip = context.get(clientIpContext);
  const answer = (result: SecondFactorActionResult, status = 200, headers?: HeadersInit) =>
    data<SecondFactorActionResult>(result, { status, headers });
  let intent = "";
  try {
    const form = await readAdminForm(request);
    intent = String(form.get("intent") ?? "");
    const field = (name: string) => String(form.get(name) ?? "");
    switch (intent) {
      case "start":
        await startSecondFactorSetup(db, keys, admin, await issuerOf());
        return answer({ ok: true, intent, message: "Scan the QR code with your authenticator app." });
      case "cancel":
        await cancelSecondFactorSetup(db, admin.id);
        return answer({ ok: true, intent, message: "Setting up two-step sign-in was cancelled." });
      case "enable": {
        const { recoveryCodes } = await enableSecondFactor(db, keys, admin, { code: field("code"), ip });
        return answer({ ok: true, intent, message: "Two-step sign-in is on.", recoveryCodes });
      }
      case "regenerate": {
        const { recoveryCodes } = await regenerateRecoveryCodes(db, keys, admin, { confirmation: field("confirmation"), ip });
        return answer({ ok: true, intent, message: "New recovery codes were made; the old ones no longer work.", recoveryCodes });
      }
      case "disable":
        await disableSecondFactor(db, keys, admin, { confirmation: field("confirmation"), ip });
        return answer({ ok: true, intent, message: "Two-step sign-in is off. Your password alone signs you in again." });
      default:
        return answer({ ok: false, intent, message: "Unknown action." }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = STATUS_BY_CODE[error.code];
    // The code limit's wait, as on the sign-in page.
    const headers = error instanceof CodeThrottledError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return answer({ ok: false, intent, message: error.message, fieldErrors: error.fieldErrors }, status, headers);
  }
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Your account");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader title="Your account" description={`Signed in as ${loaderData.email}.`} />
      <div className="mt-6 max-w-3xl">
        <SecondFactorPanel email={loaderData.email} status={loaderData.status} setup={loaderData.setup} result={actionData} />
      </div>
    </div>
  );
}
