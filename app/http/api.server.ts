import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/db/unavailable.server";
import { reportRequestError } from "~/http/request-context.server";
import { AppError, bodyCutShort, STATUS_BY_CODE } from "~/services/errors";
import { readBodyWithLimit } from "~/utils/body";

/** JSON bodies the API accepts are small: an email address, a form. */
export const MAX_JSON_BYTES = 16 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

export function jsonError(status: number, message: string, extra?: Record<string, unknown>) {
  return Response.json({ message, ...extra }, { status, headers: NO_STORE });
}

/**
 * Maps any failure to a JSON answer: AppErrors to their status, a database that cannot be reached to a 503
 * the client may retry, anything else to a logged 500.
 */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    return jsonError(STATUS_BY_CODE[error.code], error.message, error.fieldErrors ? { errors: error.fieldErrors } : undefined);
  }
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(error);
    return Response.json(
      { message: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { ...NO_STORE, "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  reportRequestError(error);
  return jsonError(500, "Something went wrong on our side. Please try again later.");
}

/** Runs an API handler so that it always answers JSON, never HTML or a stack trace. */
export async function apiResponse(handler: () => Promise<unknown>, init?: ResponseInit): Promise<Response> {
  try {
    const body = await handler();
    return body instanceof Response ? body : Response.json(body, init);
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const methodNotAllowed = (allowed: string) => () =>
  Response.json({ message: `Method not allowed. Use ${allowed}.` }, { status: 405, headers: { Allow: allowed, ...NO_STORE } });

/**
 * Reads a JSON request body: 415 unless it is declared as JSON, 413 past MAX_JSON_BYTES (stops reading
 * there), 400 if it does not parse or a key or string in it holds a NUL character.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const body = await readBodyWithLimit(request, MAX_JSON_BYTES, tooLarge, bodyCutShort);
  let hasNul = false;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body), (key, item: unknown) => {
      if (key.includes("\u0000") || (typeof item === "string" && item.includes("\u0000"))) hasNul = true;
      return item;
    });
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  // No text a person types holds a NUL, and PostgreSQL cannot store one in a text column.
  if (hasNul) throw new AppError("bad_request", "The request body holds a NUL character, which no field may contain.");
  return value;
}

const tooLarge = () => new AppError("payload_too_large", `The request body is larger than ${MAX_JSON_BYTES / 1024} KB.`);
