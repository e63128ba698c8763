import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { inTransaction } from "../admin/versioned.server";
import { AppError, badRequest } from "../errors";
import { fieldErrorsOf, optionalText } from "../form-fields";
import { newItemNotices, type MailNotify } from "../mail/digest.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import {
  HONEYPOT_FIELD,
  SUGGESTION_LIMITS,
  SUGGESTION_MESSAGES,
  SUGGESTIONS_PER_HOUR,
  type LocationSuggestionField,
} from "./suggestion-form";

const HOUR_MS = 60 * 60 * 1000;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** An optional field of the form; left empty, it is stored as NULL. */
const optionalField = (label: string, max: number) => optionalText(max, tooLong(label, max)).transform((value) => value ?? null);

export const locationSuggestionSchema = z.object({
  businessName: z
    .string({ message: SUGGESTION_MESSAGES.businessNameRequired })
    .trim()
    .min(1, SUGGESTION_MESSAGES.businessNameRequired)
    .max(SUGGESTION_LIMITS.businessName, tooLong("Business name", SUGGESTION_LIMITS.businessName)),
  contactName: optionalField("Your name", SUGGESTION_LIMITS.contactName),
  email: z
    .string()
    .trim()
    .max(SUGGESTION_LIMITS.email, SUGGESTION_MESSAGES.invalidEmail)
    .optional()
    .transform((value) => value || null)
    .pipe(z.email(SUGGESTION_MESSAGES.invalidEmail).nullable()),
  businessAddress: z
    .string({ message: SUGGESTION_MESSAGES.businessAddressRequired })
    .trim()
    .min(1, SUGGESTION_MESSAGES.businessAddressRequired)
    .max(SUGGESTION_LIMITS.businessAddress, tooLong("Business address", SUGGESTION_LIMITS.businessAddress)),
  additionalInfo: optionalField("Additional information", SUGGESTION_LIMITS.additionalInfo),
});

export interface LocationSuggestionInput extends Partial<Record<LocationSuggestionField, string>> {
  [HONEYPOT_FIELD]?: string;
}

/**
 * Stores a visitor's suggestion of a missing wholesaler for the admins to review. A filled honeypot is
 * answered as a success but stores nothing, so a bot learns nothing; at most SUGGESTIONS_PER_HOUR are
 * accepted per client address each hour. With `notify` (the route's SITE_URL) and the admin digest set to "instant",
 * a message to each admin is queued in the suggestion's transaction.
 */
export async function createLocationSuggestion(
  db: Kysely<Database>,
  input: LocationSuggestionInput,
  ip: string,
  now: Date = new Date(),
  notify?: MailNotify,
): Promise<{ stored: boolean }> {
  if (input[HONEYPOT_FIELD]?.trim()) return { stored: false };

  const parsed = locationSuggestionSchema.safeParse(input);
  if (!parsed.success) throw badRequest(SUGGESTION_MESSAGES.invalid, fieldErrorsOf(parsed.error));

  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const { n } = await db
    .selectFrom("location_suggestions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ip", "=", ip)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= SUGGESTIONS_PER_HOUR) throw new AppError("too_many_requests", SUGGESTION_MESSAGES.tooMany);

  const suggestion = parsed.data;
  const mails = await newItemNotices(db, notify, {
    kind: "suggestion",
    name: suggestion.businessName,
    address: suggestion.businessAddress,
  });
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("location_suggestions")
      .values({
        business_name: suggestion.businessName,
        contact_name: suggestion.contactName,
        email: suggestion.email,
        business_address: suggestion.businessAddress,
        additional_info: suggestion.additionalInfo,
        status: "pending",
        ip,
        created_at: now.toISOString(),
        reviewed_at: null,
      })
      .execute();
    await enqueueMail(trx, mails, now);
  });
  if (mails.length > 0) wakeMailSender();
  return { stored: true };
}
