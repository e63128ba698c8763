import type { RouterContextProvider } from "react-router";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { HONEYPOT_FIELD } from "~/services/honeypot";
import { readFormWithLimit } from "./form-body.server";
import { clientIpContext, refuseIfRateLimited } from "./request-context.server";

interface PublicForm<Field extends string> {
  /** The fields the form sends (the honeypot aside); their values go back to the form when it is refused. */
  fields: readonly Field[];
  maxBytes: number;
  tooLarge: string;
  notAForm?: string;
}

/** What a public form's action does with the visitor's values: saved, or refused with a message and a 4xx. */
export type PublicFormOutcome<Field extends string, Saved> =
  | { ok: true; saved: Saved; values: Partial<Record<Field, string>> }
  | { ok: false; error: AppError; status: number; values: Partial<Record<Field, string>> };

/**
 * A public form's action (suggest a location, list your business, report a problem): reads the form up to its
 * size (a larger body is a 413, one that is not a form a 400), picks its fields and the honeypot, refuses a sender
 * over the rate limit (server/rate-limit.ts hands the refusal to the page, 429) once the values are read so that
 * the form shows them again, and saves. An AppError becomes the outcome's message, field errors and status; any
 * other error is the server's (500).
 */
export async function runPublicForm<Field extends string, Saved>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: PublicForm<Field>,
  save: (input: Partial<Record<Field | typeof HONEYPOT_FIELD, string>>, clientIp: string) => Promise<Saved>,
): Promise<PublicFormOutcome<Field, Saved>> {
  const values: Partial<Record<Field, string>> = {};
  try {
    const body = await readFormWithLimit(request, form.maxBytes, form.tooLarge, form.notAForm);
    for (const field of form.fields) {
      const value = body.get(field);
      if (typeof value === "string") values[field] = value;
    }
    refuseIfRateLimited(context);
    const honeypot = body.get(HONEYPOT_FIELD);
    const input = { ...values } as Partial<Record<Field | typeof HONEYPOT_FIELD, string>>;
    if (typeof honeypot === "string") input[HONEYPOT_FIELD] = honeypot;
    const saved = await save(input, context.get(clientIpContext));
    return { ok: true, saved, values };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, error, status: STATUS_BY_CODE[error.code], values };
  }
}

/**
 * What a refused form shows (suggest a location, list your business): "refused" when the sender is over the limit,
 * else "invalid", with the message, the field errors, the visitor's values and the form's key.
 */
export function formRefusal<Field extends string>(outcome: Extract<PublicFormOutcome<Field, unknown>, { ok: false }>, key: string) {
  const { error, values } = outcome;
  const status = error.code === "too_many_requests" ? ("refused" as const) : ("invalid" as const);
  return { status, message: error.message, fieldErrors: error.fieldErrors ?? {}, values, key };
}
