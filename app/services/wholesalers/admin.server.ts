import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { toDbBool } from "~/db/schema";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { createVersioned, deleteVersioned, inTransaction, updateVersioned, type VersionedRecord } from "../admin/versioned.server";
import { queueDemandNotices } from "../demand/demand.server";
import type { MailNotify } from "../mail/digest.server";
import { wakeMailSender } from "../mail/outbox.server";
import { badRequest } from "../errors";
import { fieldErrorsOf, optionalText } from "../form-fields";
import { isValidIsoDate, todayIsoDate } from "~/utils/dates";
import { timeZoneAt } from "~/utils/time-zone.server";
import { WHOLESALER_ACCESS, WHOLESALER_ENTITY, WHOLESALER_TYPES } from "./constants";
import { weeklyHoursFieldSchema } from "./opening-hours-schema";
import {
  closedUntilSchema,
  specialHoursColumn,
  specialHoursFieldSchema,
  specialHoursFromPlainField,
  statusSchema,
} from "./special-hours-schema";
import { toWholesaler, type Wholesaler } from "./wholesalers.server";
import { isListingStatus } from "./special-hours";

export interface AdminWholesaler extends Wholesaler {
  updatedAt: string;
  /** Where the facts come from (admin-only). */
  source: string | null;
  /** Notes for the admins only. */
  adminNote: string | null;
}

type AdminRow = Parameters<typeof toWholesaler>[0];

/** A row as the admin sees it: the public facts plus the admin-only ones. */
export const toAdminWholesaler = (row: AdminRow): AdminWholesaler => ({
  ...toWholesaler(row),
  // The status as stored, for the form to edit (the public one ends a temporary closure on its reopening date).
  status: isListingStatus(row.status) ? row.status : "open",
  closedUntil: row.closed_until,
  updatedAt: row.updated_at,
  source: row.source,
  adminNote: row.admin_note,
});

/** The admin list's search and filters, which the CSV export follows too. */
export interface WholesalerFilters {
  q?: string;
  type?: string;
  stateId?: string;
  /** Who may buy: "trade-only", "public-welcome", "public-hours", or "unknown" for listings without it. */
  access?: string;
  /** "needs-checking": only listings not verified in the last 12 months, never verified first, then the oldest. */
  verification?: string;
  /** Today's date on the site's calendar (tests fix it). */
  today?: string;
}

export interface WholesalerListQuery extends WholesalerFilters {
  page: number;
}

const optionalCoordinate = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const number = Number(value);
      if (!Number.isFinite(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The listing's fields, each with its own rule (the owners' form picks from them). */
export const wholesalerFieldsSchema = z.object({
  name: z.string().trim().min(2, "Enter the business name (at least 2 characters).").max(120, "The name is at most 120 characters."),
  address: z.string().trim().min(3, "Enter the street address.").max(200, "The address is at most 200 characters."),
  city: z.string().trim().min(2, "Enter the city.").max(80, "The city is at most 80 characters."),
  stateId: z.string().trim().min(1, "Choose a state."),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "A zipcode is exactly 5 digits."),
  type: z.enum(WHOLESALER_TYPES, { message: "Choose Wholesale, Retail or Both." }),
  hours: optionalText(120, "Hours are at most 120 characters."),
  description: optionalText(2000, "The description is at most 2000 characters."),
  phone: optionalText(30, "The phone number is at most 30 characters.").refine(
    (value) => value === undefined || /^[0-9+().\-\s]{7,30}$/.test(value),
    "Enter a phone number such as (213) 627-3696.",
  ),
  website: optionalText(300, "The website is at most 300 characters.").refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
    "Enter a full web address starting with https://",
  ),
  latitude: optionalCoordinate(-90, 90, "Latitude is a number from -90 to 90."),
  longitude: optionalCoordinate(-180, 180, "Longitude is a number from -180 to 180."),
  featured: checkbox,
  access: z
    .union([z.literal(""), z.enum(WHOLESALER_ACCESS)], { message: "Choose who may buy, or leave it unknown." })
    .optional()
    .transform((value) => value || undefined),
  accessNote: optionalText(160, "The note on who may buy is at most 160 characters."),
  openingHours: weeklyHoursFieldSchema.optional().transform((value) => value ?? null),
  specialHours: specialHoursFieldSchema.optional().transform((value) => value ?? []),
  status: statusSchema,
  closedUntil: closedUntilSchema,
  verifiedAt: optionalText(10, "Enter the date as YYYY-MM-DD.").refine(
    (value) => value === undefined || (isValidIsoDate(value) && value <= todayIsoDate()),
    "Enter the date the facts were confirmed, as YYYY-MM-DD, not in the future.",
  ),
  source: optionalText(1000, "The source is at most 1000 characters."),
  adminNote: optionalText(2000, "The admin note is at most 2000 characters."),
  locationApproximate: checkbox,
});

export const wholesalerInputSchema = wholesalerFieldsSchema
  .refine((input) => (input.latitude === undefined) === (input.longitude === undefined), {
    message: "Give both latitude and longitude, or neither to use the zipcode's center.",
    path: ["latitude"],
  })
  // A reopening date belongs to a temporary closure only.
  .transform((input) => ({ ...input, closedUntil: input.status === "temporarily-closed" ? input.closedUntil : null }));

export type WholesalerInput = z.output<typeof wholesalerInputSchema>;

/**
 * The form's values checked. Without JavaScript the special hours come as the editor's plain text field
 * (`specialHours.text`, one exception a line), read here into the JSON field the schema checks.
 */
export function parseWholesalerInput(raw: unknown): WholesalerInput {
  const values = (raw ?? {}) as Record<string, unknown>;
  const plain = specialHoursFromPlainField((field) => values[field], "specialHours");
  const input = plain?.ok ? { ...values, specialHours: JSON.stringify(plain.special) } : values;
  const result = wholesalerInputSchema.safeParse(input);
  const errors = result.success ? {} : fieldErrorsOf(result.error);
  if (plain && !plain.ok) errors.specialHours = plain.message;
  if (!result.success || Object.keys(errors).length > 0) throw badRequest("Please correct the highlighted fields.", errors);
  return result.data;
}

/** The zipcode must exist and lie in the chosen state; its centre is the default location. */
export async function resolveLocation(db: Kysely<Database>, input: WholesalerInput) {
  const state = await db.selectFrom("states").select(["id", "name", "code"]).where("id", "=", input.stateId).executeTakeFirst();
  if (!state) throw badRequest("Please correct the highlighted fields.", { stateId: "Choose a state from the list." });
  const zip = await db.selectFrom("zipcodes").selectAll().where("zip", "=", input.zipcode).executeTakeFirst();
  if (!zip) throw badRequest("Please correct the highlighted fields.", { zipcode: `Zipcode ${input.zipcode} does not exist.` });
  if (zip.state_code !== state.code) {
    throw badRequest("Please correct the highlighted fields.", {
      zipcode: `Zipcode ${input.zipcode} is in ${zip.city}, ${zip.state_code}, not in ${state.name}.`,
    });
  }
  const latitude = input.latitude ?? zip.latitude;
  const longitude = input.longitude ?? zip.longitude;
  // Coordinates given with the listing are its own, unless they are the zipcode's centroid (as an exported file repeats them).
  const exact = Math.abs(latitude - zip.latitude) > 1e-6 || Math.abs(longitude - zip.longitude) > 1e-6;
  return { state, latitude, longitude, exact };
}

export function columnsFrom(input: WholesalerInput, location: { latitude: number; longitude: number; exact: boolean }) {
  return {
    name: input.name,
    address: input.address,
    city: input.city,
    state_id: input.stateId,
    zipcode: input.zipcode,
    type: input.type,
    hours: input.hours ?? "",
    description: input.description ?? "",
    phone: input.phone ?? null,
    website: input.website ?? null,
    latitude: location.latitude,
    longitude: location.longitude,
    featured: toDbBool(input.featured),
    access: input.access ?? null,
    access_note: input.accessNote ?? null,
    opening_hours: input.openingHours ? JSON.stringify(input.openingHours) : null,
    special_hours: specialHoursColumn(input.specialHours),
    status: input.status,
    closed_until: input.closedUntil,
    time_zone: timeZoneAt(location.latitude, location.longitude),
    verified_at: input.verifiedAt ?? null,
    source: input.source ?? null,
    admin_note: input.adminNote ?? null,
    location_approximate: toDbBool(input.locationApproximate),
    location_exact: toDbBool(location.exact),
  };
}

/**
 * The wholesalers matching the search (name, city, state) and filters, joined to their state: `base` to
 * count them, `rows` to read them (with the state's name and code) in the list's order.
 */
export function wholesalersMatching(db: Kysely<Database>, query: WholesalerFilters) {
  let base = db.selectFrom("wholesalers").innerJoin("states", "states.id", "wholesalers.state_id");
  if (query.q) {
    const matches = containsText(query.q, ["wholesalers.name", "wholesalers.city", "states.name"]);
    base = base.where((eb) => eb.or(matches));
  }
  if (query.type && (WHOLESALER_TYPES as readonly string[]).includes(query.type)) base = base.where("wholesalers.type", "=", query.type);
  if (query.stateId) base = base.where("wholesalers.state_id", "=", query.stateId);
  // Who may buy: one of the known values, or "unknown" for the listings no source has told us about.
  if (query.access === "unknown") base = base.where("wholesalers.access", "is", null);
  else if (query.access && (WHOLESALER_ACCESS as readonly string[]).includes(query.access))
    base = base.where("wholesalers.access", "=", query.access);
  const needsChecking = query.verification === "needs-checking";
  if (needsChecking) {
    const since = verifiedSince(query.today ?? todayIsoDate());
    base = base.where((eb) => eb.or([eb("wholesalers.verified_at", "is", null), eb("wholesalers.verified_at", "<", since)]));
  }

  let rows = base.selectAll("wholesalers").select(["states.name as state_name", "states.code as state_code"]);
  // Needs checking: never verified first, then the oldest verification (both databases sort NULL the same way here).
  if (needsChecking) {
    rows = rows.orderBy(sql`case when wholesalers.verified_at is null then 0 else 1 end`).orderBy("wholesalers.verified_at");
  }
  return { base, rows: rows.orderBy("wholesalers.name").orderBy("wholesalers.id") };
}

/** One page of wholesalers matching the search (name, city, state) and filters, by name. */
export async function listWholesalersForAdmin(db: Kysely<Database>, query: WholesalerListQuery): Promise<Page<AdminWholesaler>> {
  const { base, rows } = wholesalersMatching(db, query);
  return loadPage(base, query.page, async (window) => {
    const page = await rows.limit(window.limit).offset(window.offset).execute();
    return page.map(toAdminWholesaler);
  });
}

/** The first day that still counts as "verified in the last 12 months" on `today`. */
export const verifiedSince = (today: string) => `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

/** Listings verified in the last 12 months, out of all: the dashboard's trust figure. */
export async function getVerificationCoverage(db: Kysely<Database>, today = todayIsoDate()) {
  const row = await db
    .selectFrom("wholesalers")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(sql<number>`case when verified_at >= ${verifiedSince(today)} then 1 else 0 end`).as("recent"),
    ])
    .executeTakeFirstOrThrow();
  return { verifiedLastYear: Number(row.recent ?? 0), total: Number(row.total) };
}

/** "Mark verified today": the facts were checked now, at the version the admin saw; audited as wholesaler.verify. */
export async function markWholesalerVerified(
  db: Kysely<Database>,
  id: number,
  expectedUpdatedAt: string,
  actor: Actor,
  today = todayIsoDate(),
) {
  const row = await db.selectFrom("wholesalers").select("name").where("id", "=", id).executeTakeFirst();
  await updateVersioned(
    db,
    WHOLESALERS,
    { id, expectedUpdatedAt, values: { verified_at: today }, details: { label: row?.name ?? `#${id}`, verifiedAt: today }, verb: "verify" },
    actor,
  );
}

const WHOLESALERS: VersionedRecord<"wholesalers"> = {
  table: "wholesalers",
  entity: WHOLESALER_ENTITY,
  auditEntity: WHOLESALER_ENTITY,
  labelColumn: "name",
};

/**
 * Adds a listing, audited. With `notify` (the route's SITE_URL), the people waiting for a supplier within their
 * radius of it get their one message, queued in the same transaction (decision 044); the mail sender is woken after
 * the commit (by the caller, when `db` is its transaction). Every path that makes a listing public comes here (the add dialog, a suggestion, a
 * business's request).
 */
export async function createWholesaler(db: Kysely<Database>, raw: unknown, actor: Actor, notify?: MailNotify): Promise<number> {
  const input = parseWholesalerInput(raw);
  const location = await resolveLocation(db, input);
  const values = { ...columnsFrom(input, location), image: null, image_updated_at: null };
  const id = await inTransaction(db, async (trx) => {
    const created = await createVersioned(trx, WHOLESALERS, { values, details: { label: input.name } }, actor);
    if (notify) await queueDemandNotices(trx, created, notify);
    return created;
  });
  if (notify && !db.isTransaction) wakeMailSender();
  return id;
}

/**
 * Saves an edit made from the version `expectedUpdatedAt`; refuses if someone saved in between. With `notify`, an
 * edit that moves the listing near people waiting, or opens it again, tells them in the same transaction (decision 044).
 */
export async function updateWholesaler(
  db: Kysely<Database>,
  id: number,
  expectedUpdatedAt: string,
  raw: unknown,
  actor: Actor,
  notify?: MailNotify,
) {
  const input = parseWholesalerInput(raw);
  const location = await resolveLocation(db, input);
  let queued = 0;
  await updateVersioned(
    db,
    WHOLESALERS,
    {
      id,
      expectedUpdatedAt,
      values: columnsFrom(input, location),
      details: { label: input.name },
      alsoWrite: async (trx) => {
        if (notify) queued = await queueDemandNotices(trx, id, notify);
      },
    },
    actor,
  );
  if (queued > 0) wakeMailSender();
}

export const deleteWholesaler = (db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) =>
  deleteVersioned(db, WHOLESALERS, id, expectedUpdatedAt, actor);
