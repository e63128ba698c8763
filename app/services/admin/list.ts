import { z } from "zod";
import { SITE_TIME_ZONE } from "~/utils/dates";
import { AppError } from "../errors";

/** Who makes an admin change, for the audit log. */
export interface Actor {
  adminId: number;
  email: string;
  ip: string;
}

/** Rows per page of every admin table. */
export const ADMIN_PAGE_SIZE = 10;

export interface Page<T> {
  rows: T[];
  /** Rows that match the search and filters (the page count derives from this, not the unfiltered total). */
  total: number;
  page: number;
  pageCount: number;
}

export const listParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type ListParams = z.infer<typeof listParamsSchema>;

/** Search text and page number from an admin list URL; nonsense falls back to the first page. */
export function parseListParams(params: URLSearchParams): ListParams {
  return listParamsSchema.parse({ q: params.get("q") ?? undefined, page: params.get("page") ?? undefined });
}

/** The requested page, clamped to the last page that exists. */
export function pageWindow(total: number, requested: number) {
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE };
}

/** `%text%` for a case-insensitive LIKE with the wildcards of the text escaped (use with `escape '\'`). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const conflictMessage = (entity: string) =>
  `This ${entity} was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.`;

/**
 * Guards against lost updates: an UPDATE/DELETE scoped to the version the editor loaded touched no row,
 * so either the record is gone or someone saved it in between.
 */
export function assertOneRowChanged(changed: bigint | number, entity: string) {
  if (Number(changed) === 0) throw new AppError("conflict", conflictMessage(entity));
}

export const deleteConfirmation = (entity: string) => `Are you sure you want to delete this ${entity}? This action cannot be undone.`;

export const IMAGE_PATH_MESSAGE = "Enter a path on this site starting with /images/ or /uploads/, or leave it empty.";

/**
 * An optional image as a path on this site (/images/... or /uploads/...): no other host, no query, no
 * `..` or empty segment. Empty means "none" (pages show their default image).
 */
export const optionalImagePath = z
  .string()
  .trim()
  .max(300, "The image path is at most 300 characters.")
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^\/(images|uploads)(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(value), IMAGE_PATH_MESSAGE);

const adminTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/**
 * A stored timestamp as the admin tables show it, on the site's clock. Call it in the loader: formatted
 * on the server, the browser's time zone cannot change the text while hydrating.
 */
export const formatAdminTime = (iso: string) => adminTimeFormat.format(new Date(iso));

/**
 * The updated_at of a record saved now. Versions are compared by equality, so a save within the same
 * millisecond as the previous one (or after a clock step back) must still produce a new value.
 */
export function nextVersion(previous: string, now: Date = new Date()): string {
  const last = Date.parse(previous);
  return new Date(Number.isNaN(last) ? now.getTime() : Math.max(now.getTime(), last + 1)).toISOString();
}
