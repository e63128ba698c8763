import type { Kysely } from "kysely";
import { data, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/schema";
import type { Actor } from "~/services/admin/list";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { requireId } from "~/services/ids";
import { readFormWithLimit } from "~/http/form-body.server";
import type { ActionResult } from "./action-result";
import { requireAdmin, type CurrentAdmin } from "./auth.server";
import { clientIpContext } from "./request-context.server";

export type { ActionResult };

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

/** The audit log's actor of an admin request: its signed-in admin (from `adminMiddleware`) and the client's address. */
export const adminActor = (context: Readonly<RouterContextProvider>): Actor => actorOf(requireAdmin(context), context.get(clientIpContext));

/** An admin form is its fields and at most a 50,000-character article, which urlencoded can triple or more. */
export const MAX_ADMIN_FORM_BYTES = 1024 * 1024;

/**
 * Reads an admin page's form: 413 past MAX_ADMIN_FORM_BYTES, 400 for a body that is not a form (an AppError
 * either way, never the TypeError `request.formData()` throws, which would answer 500).
 */
export const readAdminForm = (request: Request) => readFormWithLimit(request, MAX_ADMIN_FORM_BYTES, "The form is larger than 1 MB.");

const failure = (intent: string, error: AppError) =>
  data<ActionResult>({ ok: false, intent, message: error.message, fieldErrors: error.fieldErrors }, { status: STATUS_BY_CODE[error.code] });

type Handler = (context: AdminActionContext) => Promise<{ message: string; id?: number | string }>;

/**
 * Runs one of an admin page's mutations, chosen by the form's `intent`, for the admin `adminMiddleware` found
 * (it answered 401 before this runs when there is none): field errors and conflicts as 4xx data the dialog
 * shows, never a 500 for bad input.
 */
export async function runAdminAction(request: Request, context: Readonly<RouterContextProvider>, handlers: Record<string, Handler>) {
  const admin = requireAdmin(context);
  let form: FormData;
  try {
    form = await readAdminForm(request);
  } catch (error) {
    if (error instanceof AppError) return failure("", error);
    throw error;
  }
  const intent = String(form.get("intent") ?? "");
  // Own properties only: an intent such as "__proto__" or "hasOwnProperty" names no handler.
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    return data<ActionResult>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
  }
  try {
    const result = await handler({
      admin,
      form,
      actor: actorOf(admin, context.get(clientIpContext)),
      recordId: (unknown) => requireId(String(form.get("id") ?? ""), unknown),
      version: (field = "updatedAt") => String(form.get(field) ?? ""),
      text: (name) => String(form.get(name) ?? "").trim(),
    });
    return data<ActionResult>({ ok: true, intent, ...result });
  } catch (error) {
    if (error instanceof AppError) return failure(intent, error);
    throw error;
  }
}

/** A list's services for its add, edit and delete dialogs, each taking the form's fields as they came. */
export interface RecordServices {
  create(db: Kysely<Database>, values: Record<string, string | string[]>, actor: Actor): Promise<number>;
  update(db: Kysely<Database>, id: number, version: string, values: Record<string, string | string[]>, actor: Actor): Promise<unknown>;
  remove(db: Kysely<Database>, id: number, version: string, actor: Actor): Promise<unknown>;
}

/**
 * The create, update and delete handlers of a list page. `label` is the field that names a record in the
 * messages ("Rose Market was saved."); `unknown` answers an id that is not one; `deleted` confirms a delete.
 */
export function recordHandlers(
  db: Kysely<Database>,
  services: RecordServices,
  texts: { label: string; unknown: string; deleted: string },
): Record<string, Handler> {
  return {
    create: async ({ form, actor, text }) => ({
      id: await services.create(db, formToObject(form), actor),
      message: `${text(texts.label)} was added.`,
    }),
    update: async ({ form, actor, recordId, version, text }) => {
      const id = recordId(texts.unknown);
      await services.update(db, id, version(), formToObject(form), actor);
      return { id, message: `${text(texts.label)} was saved.` };
    },
    delete: async ({ actor, recordId, version }) => {
      const id = recordId(texts.unknown);
      await services.remove(db, id, version(), actor);
      return { id, message: texts.deleted };
    },
  };
}

/**
 * Form fields as a plain object for zod: repeated names become arrays, files are left out. Built through a Map and
 * Object.fromEntries, so a field named `__proto__` is an own property like any other, never the object's prototype.
 */
export function formToObject(form: FormData): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const existing = fields.get(key);
    fields.set(key, existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
  return Object.fromEntries(fields);
}
