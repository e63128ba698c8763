import { data } from "react-router";
import type { Actor } from "~/services/admin/list";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { requireId } from "~/services/ids";
import { requireAdminForApi, type CurrentAdmin } from "./auth.server";

export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The id of the record the action created or changed. */
  id?: number | string;
}

export interface AdminActionContext {
  admin: CurrentAdmin;
  form: FormData;
  /** Who acts, for the audit log. */
  actor: Actor;
  /** The form's `id` as a record id; a 400 with `unknown` ("Unknown festival.") when it is not one. */
  recordId(unknown: string): number;
  /** The version the form was opened at (`updatedAt`, or another field's name), for the conflict check. */
  version(field?: string): string;
  /** A text field, trimmed ("" when absent). */
  text(name: string): string;
}

/** The audit log's actor for a signed-in admin acting from an address. */
export const actorOf = (admin: CurrentAdmin, ip: string): Actor => ({ adminId: admin.id, email: admin.email, ip });

type Handler = (context: AdminActionContext) => Promise<{ message: string; id?: number | string }>;

/**
 * Runs one of an admin page's mutations, chosen by the form's `intent`: 401 without a session, field
 * errors and conflicts as 4xx data the dialog shows, never a 500 for bad input.
 */
export async function runAdminAction(
  request: Request,
  clientIp: string,
  handlers: Record<string, Handler>,
) {
  const admin = await requireAdminForApi(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const handler = handlers[intent];
  if (!handler) {
    return data<ActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
  }
  try {
    const result = await handler({
      admin,
      form,
      actor: actorOf(admin, clientIp),
      recordId: (unknown) => requireId(String(form.get("id") ?? ""), unknown),
      version: (field = "updatedAt") => String(form.get(field) ?? ""),
      text: (name) => String(form.get(name) ?? "").trim(),
    });
    return data<ActionResult>({ ok: true, intent, ...result });
  } catch (error) {
    if (error instanceof AppError) {
      return data<ActionResult>(
        { ok: false, intent, message: error.message, fieldErrors: error.fieldErrors },
        { status: STATUS_BY_CODE[error.code] },
      );
    }
    throw error;
  }
}

/** Form fields as a plain object for zod: repeated names become arrays, files are left out. */
export function formToObject(form: FormData): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const existing = result[key];
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
