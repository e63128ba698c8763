/** The owner's page: their listings, the edits published at once or waiting for an admin, the photo (decision 045). */
import { type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { timeZoneAt } from "~/utils/time-zone.server";
import { nextVersion, type Actor } from "../admin/list";
import { inTransaction } from "../admin/versioned.server";
import { recordAdminChange, recordAudit } from "../audit/audit.server";
import { decidePending } from "./decide.server";
import { AppError, badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { normalizeEmail } from "../mail/address";
import { wakeMailSender } from "../mail/outbox.server";
import type { MailNotify } from "../mail/digest.server";
import { queueDemandNotices } from "../demand/demand.server";
import { wholesalerFieldsSchema } from "../wholesalers/admin.server";
import { WHOLESALER_ENTITY } from "../wholesalers/constants";
import { hoursFromPlainFields } from "../wholesalers/opening-hours-schema";
import { specialHoursColumn, specialHoursFromPlainField } from "../wholesalers/special-hours-schema";
import { selectWholesalers, toWholesaler, type Wholesaler } from "../wholesalers/wholesalers.server";
import { OWNER_SOURCE, REVIEWED_FIELDS, type ReviewedField } from "./owner-form";
import { setRecordImage } from "../images/record-image.server";
import type { ImageStorage } from "../images/storage.server";

export interface OwnedListing extends Wholesaler {
  updatedAt: string;
  ownerConfirmedAt: string | null;
  /** A change of name, address or zipcode waiting for an admin, if any. */
  pendingChange: { createdAt: string; after: Partial<Record<ReviewedField, string>> } | null;
}

/** The listings an address owns, by name. */
export async function listOwnedListings(db: Kysely<Database>, email: string): Promise<OwnedListing[]> {
  const rows = await selectWholesalers(db)
    .innerJoin("listing_owners", "listing_owners.wholesaler_id", "wholesalers.id")
    .where("listing_owners.email_normalized", "=", normalizeEmail(email))
    .orderBy("wholesalers.name")
    .execute();
  const pending = rows.length
    ? await db
        .selectFrom("owner_changes")
        .select(["wholesaler_id", "after", "created_at"])
        .where("status", "=", "pending")
        .where(
          "wholesaler_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("created_at", "desc")
        .execute()
    : [];
  return rows.map((row) => {
    const change = pending.find((p) => p.wholesaler_id === row.id);
    return {
      ...toWholesaler(row),
      updatedAt: row.updated_at,
      ownerConfirmedAt: row.owner_confirmed_at,
      pendingChange: change
        ? { createdAt: change.created_at, after: JSON.parse(change.after) as Partial<Record<ReviewedField, string>> }
        : null,
    };
  });
}

/** One listing of the owner's; any other listing is not found, exactly as one that does not exist. */
export async function findOwnedListing(db: Kysely<Database>, email: string, wholesalerId: number): Promise<OwnedListing> {
  const listing = (await listOwnedListings(db, email)).find((owned) => owned.id === wholesalerId);
  if (!listing) throw notFound("You do not own this listing, or it no longer exists.");
  return listing;
}

const shape = wholesalerFieldsSchema.shape;
/** The owner's form: the admin form's own field rules (services/wholesalers/admin.server.ts), for the fields an owner keeps. */
export const ownerEditSchema = z.object({
  name: shape.name,
  address: shape.address,
  city: shape.city,
  zipcode: shape.zipcode,
  phone: shape.phone,
  website: shape.website,
  access: shape.access,
  accessNote: shape.accessNote,
  openingHours: shape.openingHours,
  specialHours: shape.specialHours,
  description: shape.description,
});
export type OwnerEditInput = z.output<typeof ownerEditSchema>;

/**
 * The form's fields as sent: the weekly hours as the editor's JSON or, without JavaScript, one plain field a day; the
 * special hours as the editor's JSON or, without JavaScript, one text area (an exception a line).
 */
export function ownerEditFromForm(read: (field: string) => string | undefined): {
  raw: Record<string, string | undefined>;
  fieldErrors?: Record<string, string>;
} {
  const raw: Record<string, string | undefined> = {};
  for (const field of [
    "name",
    "address",
    "city",
    "zipcode",
    "phone",
    "website",
    "access",
    "accessNote",
    "openingHours",
    "specialHours",
    "description",
  ]) {
    raw[field] = read(field);
  }
  const fieldErrors: Record<string, string> = {};
  if (raw.openingHours === undefined) {
    const plain = hoursFromPlainFields(read, "openingHours");
    if (plain.ok) raw.openingHours = plain.hours ? JSON.stringify(plain.hours) : "";
    else fieldErrors.openingHours = plain.message;
  }
  const special = specialHoursFromPlainField(read, "specialHours");
  if (special?.ok) raw.specialHours = JSON.stringify(special.special);
  else if (special) fieldErrors.specialHours = special.message;
  return Object.keys(fieldErrors).length ? { raw, fieldErrors } : { raw };
}

export const OWNER_CONFLICT_MESSAGE =
  "Someone changed this listing while you were editing it. The form now shows the listing as it is: please make your change again.";

/**
 * An owner's edit of a listing they own. Phone, website, who may buy and its note, weekly hours and description are
 * published at once, the listing's `verified_at` and `owner_confirmed_at` set to today, audited as the owner's
 * (`wholesaler.owner_update`). A different name, address, city or zipcode is not published: it waits for an admin as
 * a pending change (before and after). The whole edit is refused with field errors (400) as the admin form would
 * refuse it, and with a conflict (409) when the listing changed since `expectedUpdatedAt`.
 */
export async function saveOwnerEdit(
  db: Kysely<Database>,
  email: string,
  wholesalerId: number,
  expectedUpdatedAt: string,
  raw: Record<string, string | undefined>,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ published: string[]; pending: ReviewedField[] }> {
  const owned = await findOwnedListing(db, email, wholesalerId);
  const parsed = ownerEditSchema.safeParse(raw);
  if (!parsed.success) throw badRequest("Please correct the highlighted fields.", fieldErrorsOf(parsed.error));
  const input = parsed.data;
  const pendingFields = REVIEWED_FIELDS.filter((field) => input[field] !== owned[field]);
  if (pendingFields.includes("zipcode")) {
    const zip = await db.selectFrom("zipcodes").select(["state_code"]).where("zip", "=", input.zipcode).executeTakeFirst();
    const state = await db.selectFrom("states").select("code").where("id", "=", owned.stateId).executeTakeFirst();
    if (!zip) throw badRequest("Please correct the highlighted fields.", { zipcode: `Zipcode ${input.zipcode} does not exist.` });
    if (zip.state_code !== state?.code) {
      throw badRequest("Please correct the highlighted fields.", { zipcode: `Zipcode ${input.zipcode} is not in ${owned.state}.` });
    }
  }
  const today = todayIsoDate(now);
  const at = now.toISOString();
  const values = {
    phone: input.phone ?? null,
    website: input.website ?? null,
    access: input.access ?? null,
    access_note: input.accessNote ?? null,
    opening_hours: input.openingHours ? JSON.stringify(input.openingHours) : null,
    special_hours: specialHoursColumn(input.specialHours),
    description: input.description ?? "",
  };
  const before = {
    phone: owned.phone ?? null,
    website: owned.website ?? null,
    access: owned.access,
    access_note: owned.accessNote,
    opening_hours: owned.openingHours ? JSON.stringify(owned.openingHours) : null,
    special_hours: specialHoursColumn(owned.specialHours),
    description: owned.description,
  };
  const published = (Object.keys(values) as (keyof typeof values)[]).filter((key) => values[key] !== before[key]);
  const ownerEmail = normalizeEmail(email);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("wholesalers")
      .set({ ...values, verified_at: today, owner_confirmed_at: today, updated_at: nextVersion(expectedUpdatedAt, now) })
      .where("id", "=", wholesalerId)
      .where("updated_at", "=", expectedUpdatedAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("conflict", OWNER_CONFLICT_MESSAGE);
    if (pendingFields.length) {
      // One pending change a listing: a newer one from an owner replaces the one waiting.
      await trx.deleteFrom("owner_changes").where("wholesaler_id", "=", wholesalerId).where("status", "=", "pending").execute();
      await trx
        .insertInto("owner_changes")
        .values({
          wholesaler_id: wholesalerId,
          owner_email: ownerEmail,
          before: JSON.stringify(Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, owned[field]]))),
          after: JSON.stringify(Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, input[field]]))),
          status: "pending",
          created_at: at,
        })
        .execute();
    }
    await trx
      .updateTable("listing_owners")
      .set({ freshness_answer: "edited", freshness_answered_at: at })
      .where("wholesaler_id", "=", wholesalerId)
      .where("email_normalized", "=", ownerEmail)
      .where("freshness_asked_at", "is not", null)
      .where("freshness_answered_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      {
        action: `${WHOLESALER_ENTITY}.owner_update`,
        actor: ownerEmail,
        entityType: WHOLESALER_ENTITY,
        entityId: wholesalerId,
        ip: client.ip ?? null,
        details: { label: owned.name, published, pending: pendingFields, verifiedAt: today, source: OWNER_SOURCE },
      },
      at,
    );
  });
  return { published, pending: pendingFields };
}

/**
 * An owner's new photo for a listing they own: through the admin's image pipeline (type sniffed, re-encoded, EXIF
 * dropped), published at once and audited as the owner's (`wholesaler.image`, no admin id); the listing is then
 * confirmed by the business today.
 */
export async function saveOwnerPhoto(
  db: Kysely<Database>,
  email: string,
  wholesalerId: number,
  file: Buffer,
  storage: ImageStorage,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ imageUrl: string }> {
  await findOwnedListing(db, email, wholesalerId);
  const ownerEmail = normalizeEmail(email);
  const { imageUrl, updatedAt } = await setRecordImage(db, "wholesaler", wholesalerId, file, storage, {
    adminId: null,
    email: ownerEmail,
    ip: client.ip ?? "",
  });
  const today = todayIsoDate(now);
  await db
    .updateTable("wholesalers")
    .set({ verified_at: today, owner_confirmed_at: today, updated_at: nextVersion(updatedAt, now) })
    .where("id", "=", wholesalerId)
    .where("updated_at", "=", updatedAt)
    .execute();
  return { imageUrl };
}

export interface PendingChange {
  id: number;
  wholesalerId: number;
  listingName: string;
  ownerEmail: string;
  before: Partial<Record<ReviewedField, string>>;
  after: Partial<Record<ReviewedField, string>>;
  createdAt: string;
}

/** The owners' changes of name, address or zipcode waiting for an admin, oldest first. */
export async function listPendingChanges(db: Kysely<Database>): Promise<PendingChange[]> {
  const rows = await db
    .selectFrom("owner_changes")
    .innerJoin("wholesalers", "wholesalers.id", "owner_changes.wholesaler_id")
    .select([
      "owner_changes.id",
      "owner_changes.wholesaler_id",
      "wholesalers.name as listing_name",
      "owner_changes.owner_email",
      "owner_changes.before",
      "owner_changes.after",
      "owner_changes.created_at",
    ])
    .where("owner_changes.status", "=", "pending")
    .orderBy("owner_changes.created_at")
    .orderBy("owner_changes.id")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    wholesalerId: row.wholesaler_id,
    listingName: row.listing_name,
    ownerEmail: row.owner_email,
    before: JSON.parse(row.before) as PendingChange["before"],
    after: JSON.parse(row.after) as PendingChange["after"],
    createdAt: row.created_at,
  }));
}

/**
 * Publishes an owner's pending change of name, address, city or zipcode. A new zipcode must exist in the listing's
 * state; the listing's point moves to its centre unless the listing had a point of its own. Audited as the admin's.
 */
export async function approveChange(db: Kysely<Database>, id: number, actor: Actor, notify: MailNotify, now: Date = new Date()) {
  const at = now.toISOString();
  const result = await inTransaction(db, async (trx) => {
    const change = await decidePending(trx, "owner_changes", id, "approved", actor, at);
    const after = JSON.parse(change.after) as Record<ReviewedField, string>;
    const listing = await trx
      .selectFrom("wholesalers")
      .innerJoin("states", "states.id", "wholesalers.state_id")
      .select(["wholesalers.updated_at", "wholesalers.zipcode", "wholesalers.location_exact", "states.code", "states.name as state_name"])
      .where("wholesalers.id", "=", change.wholesaler_id)
      .executeTakeFirstOrThrow();
    const location: { latitude?: number; longitude?: number; time_zone?: string | null } = {};
    if (after.zipcode !== listing.zipcode) {
      const zip = await trx.selectFrom("zipcodes").selectAll().where("zip", "=", after.zipcode).executeTakeFirst();
      if (!zip || zip.state_code !== listing.code) {
        throw badRequest(`Zipcode ${after.zipcode} is not a zipcode of ${listing.state_name}: reject the change, or edit the listing.`);
      }
      if (!listing.location_exact) {
        location.latitude = zip.latitude;
        location.longitude = zip.longitude;
        location.time_zone = timeZoneAt(zip.latitude, zip.longitude);
      }
    }
    await trx
      .updateTable("wholesalers")
      .set({
        name: after.name,
        address: after.address,
        city: after.city,
        zipcode: after.zipcode,
        ...location,
        updated_at: nextVersion(listing.updated_at, now),
      })
      .where("id", "=", change.wholesaler_id)
      .execute();
    // A listing that moved is published at its new place: whoever waits for a supplier there is told (decision 044).
    const queued = after.zipcode !== listing.zipcode ? await queueDemandNotices(trx, change.wholesaler_id, notify, now) : 0;
    await recordAdminChange(trx, actor, {
      entity: "owner_change",
      verb: "approve",
      id,
      details: { label: after.name, wholesalerId: change.wholesaler_id, before: JSON.parse(change.before) as unknown, after },
    });
    return { listingName: after.name, queued };
  });
  if (result.queued > 0) wakeMailSender();
  return { listingName: result.listingName };
}

export async function rejectChange(db: Kysely<Database>, id: number, actor: Actor, now: Date = new Date()) {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const change = await decidePending(trx, "owner_changes", id, "rejected", actor, at);
    const listing = await trx.selectFrom("wholesalers").select("name").where("id", "=", change.wholesaler_id).executeTakeFirst();
    await recordAdminChange(trx, actor, { entity: "owner_change", verb: "reject", id, details: { label: listing?.name ?? "" } });
    return { listingName: listing?.name ?? "" };
  });
}
