import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { inTransaction } from "../admin/versioned.server";
import { AppError, badRequest } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { mailContext } from "../mail/context.server";
import { newItemNotices, type MailNotify } from "../mail/digest.server";
import { listingReceiptMail } from "../mail/listing-messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { WHOLESALER_ACCESS } from "../wholesalers/constants";
import { resolveLocation, wholesalerInputSchema } from "../wholesalers/admin.server";
import { hoursFromPlainFields } from "../wholesalers/opening-hours-schema";
import {
  BUSINESS_FIELDS,
  HONEYPOT_FIELD,
  PLAIN_HOURS_FIELDS,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SUBMISSIONS_PER_HOUR,
  SUBMITTER_ROLES,
  type SubmissionField,
} from "./business-form";

const HOUR_MS = 60 * 60 * 1000;

/** What the business tells about itself beyond the admin's own form: who may buy is required, and who is asking. */
const submitterSchema = z.object({
  access: z.enum(WHOLESALER_ACCESS, { message: SUBMISSION_MESSAGES.accessRequired }),
  submitterName: z
    .string({ message: SUBMISSION_MESSAGES.submitterNameRequired })
    .trim()
    .min(1, SUBMISSION_MESSAGES.submitterNameRequired)
    .max(SUBMISSION_LIMITS.submitterName, SUBMISSION_MESSAGES.submitterNameTooLong),
  submitterEmail: z
    .string({ message: SUBMISSION_MESSAGES.invalidEmail })
    .trim()
    .max(SUBMISSION_LIMITS.submitterEmail, SUBMISSION_MESSAGES.invalidEmail)
    .pipe(z.email(SUBMISSION_MESSAGES.invalidEmail)),
  submitterRole: z.enum(SUBMITTER_ROLES, { message: SUBMISSION_MESSAGES.roleRequired }),
});

export interface BusinessSubmissionInput extends Partial<Record<SubmissionField, string>> {
  [HONEYPOT_FIELD]?: string;
}

/**
 * The business's facts are checked exactly as the admin's wholesaler form checks them (only those fields
 * are read: a visitor cannot set the admin's own, such as "featured" or the coordinates), and the zipcode
 * must exist and lie in the chosen state. Every field's first problem is reported at once.
 */
async function parseSubmission(db: Kysely<Database>, input: BusinessSubmissionInput) {
  // A field left out reads as left empty, so that it gets the form's own message.
  const businessInput = Object.fromEntries(BUSINESS_FIELDS.map((field) => [field, input[field] ?? ""]));
  // Sent without JavaScript, the hours are the plain fields of each day (the editor's JSON field is not there).
  const plainHours =
    input.openingHours === undefined && PLAIN_HOURS_FIELDS.some((field) => input[field] !== undefined)
      ? hoursFromPlainFields((field) => input[field as SubmissionField], "openingHours")
      : undefined;
  if (plainHours?.ok) businessInput.openingHours = plainHours.hours ? JSON.stringify(plainHours.hours) : "";
  const business = wholesalerInputSchema.safeParse(businessInput);
  const submitter = submitterSchema.safeParse(input);
  if (!business.success || !submitter.success || plainHours?.ok === false) {
    const errors = {
      ...(business.success ? {} : fieldErrorsOf(business.error)),
      ...(submitter.success ? {} : fieldErrorsOf(submitter.error)),
      ...(plainHours?.ok === false ? { openingHours: plainHours.message } : {}),
    };
    throw badRequest(SUBMISSION_MESSAGES.invalid, errors);
  }
  let state: { name: string; code: string };
  try {
    ({ state } = await resolveLocation(db, business.data));
  } catch (error) {
    if (error instanceof AppError) throw badRequest(SUBMISSION_MESSAGES.invalid, error.fieldErrors);
    throw error;
  }
  return { ...business.data, ...submitter.data, stateName: state.name, stateCode: state.code };
}

/**
 * Stores a business's request to be listed, pending until an admin approves it: nothing of it is public
 * before. A filled honeypot is answered as a success but stores nothing, so a bot learns nothing; at most
 * SUBMISSIONS_PER_HOUR are accepted per client address each hour.
 *
 * With `notify` (the route's SITE_URL), the submitter's receipt, and with the admin digest set to "instant" a
 * message to each admin, are queued in the transaction that stores the request: both exist exactly when it does.
 * `db` must not be a transaction (the settings are read through their cache).
 */
export async function createBusinessSubmission(
  db: Kysely<Database>,
  input: BusinessSubmissionInput,
  ip: string,
  now: Date = new Date(),
  notify?: MailNotify,
): Promise<{ stored: boolean; name: string }> {
  if (input[HONEYPOT_FIELD]?.trim()) return { stored: false, name: input.name?.trim() ?? "" };

  const submission = await parseSubmission(db, input);

  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const { n } = await db
    .selectFrom("business_submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ip", "=", ip)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= SUBMISSIONS_PER_HOUR) throw new AppError("too_many_requests", SUBMISSION_MESSAGES.tooMany);

  const mails = notify
    ? [
        await listingReceiptMail(await mailContext(db, notify.siteUrl), {
          name: submission.name,
          address: submission.address,
          city: submission.city,
          state: submission.stateName,
          zipcode: submission.zipcode,
          phone: submission.phone ?? null,
          website: submission.website ?? null,
          openingHours: submission.openingHours ?? null,
          submitterEmail: submission.submitterEmail,
        }),
        ...(await newItemNotices(db, notify, {
          kind: "submission",
          name: submission.name,
          place: `${submission.city}, ${submission.stateCode}`,
          submitter: `${submission.submitterName}, ${submission.submitterEmail}`,
        })),
      ]
    : [];

  const row = {
    name: submission.name,
    address: submission.address,
    city: submission.city,
    state_id: submission.stateId,
    zipcode: submission.zipcode,
    type: submission.type,
    access: submission.access,
    access_note: submission.accessNote ?? null,
    phone: submission.phone ?? null,
    website: submission.website ?? null,
    opening_hours: submission.openingHours ? JSON.stringify(submission.openingHours) : null,
    hours: "",
    description: submission.description ?? "",
    submitter_name: submission.submitterName,
    submitter_email: submission.submitterEmail,
    submitter_role: submission.submitterRole,
    status: "pending",
    wholesaler_id: null,
    ip,
    created_at: now.toISOString(),
    reviewed_at: null,
  };
  await inTransaction(db, async (trx) => {
    await trx.insertInto("business_submissions").values(row).execute();
    await enqueueMail(trx, mails, now);
  });
  if (mails.length > 0) wakeMailSender();
  return { stored: true, name: submission.name };
}
