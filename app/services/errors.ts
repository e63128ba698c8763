export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "too_many_requests"
  /** The disk is full: nothing was stored. */
  | "insufficient_storage"
  /** Storage the request needs cannot be written now (a read-only or forbidden folder): nothing was stored. */
  | "storage_unavailable";

/** A failure the caller can act on. Each edge (page, JSON API) maps the code to a status in one place. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  insufficient_storage: 507,
  storage_unavailable: 503,
};

export const notFound = (message: string) => new AppError("not_found", message);
export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new AppError("bad_request", message, fieldErrors);

/** What a request whose body broke off before its end is answered with (400). */
export const BODY_CUT_SHORT_MESSAGE = "The request ended before its body did. Please try again.";
export const bodyCutShort = () => new AppError("bad_request", BODY_CUT_SHORT_MESSAGE);
