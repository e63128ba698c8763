/**
 * What the browser needs of owners' claims and pages (decision 045): paths, the claim form's fields and the
 * messages. No zod here: the listing page links to the claim, and its first load stays within its budget. The claim's
 * schema is claim-schema.ts; the rules live in owners.server.ts.
 */
import { HONEYPOT_FIELD } from "../honeypot";

export { HONEYPOT_FIELD };

export const OWNER_HOME = "/owner";
export const OWNER_SIGN_IN_PATH = "/owner/sign-in";
export const OWNER_LINK_PATH = "/owner/link";
export const OWNER_SIGN_OUT_PATH = "/owner/sign-out";
export const STILL_RIGHT_PATH = "/owner/still-right";
export const ADMIN_CLAIMS_PATH = "/admin/claims";

export const claimPath = (wholesalerId: number) => `/wholesalers/${wholesalerId}/claim`;
export const ownerListingPath = (wholesalerId: number) => `${OWNER_HOME}/listings/${wholesalerId}`;

/** A sign-in link works once, within 30 minutes. */
export const OWNER_LINK_MINUTES = 30;
/** The source an owner's confirmation gives a listing's facts. */
export const OWNER_SOURCE = "confirmed by the business";

export const CLAIM_FIELDS = ["name", "role", "email", "phone"] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];
export type ClaimInput = Partial<Record<ClaimField | typeof HONEYPOT_FIELD, string>>;

export const CLAIM_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  listingGone: "This listing no longer exists.",
  tooMany: "Too many claims from your address in the last hour. Please try again later.",
  tooLarge: "The claim is too large to send.",
  notAForm: "The claim could not be read. Please send the form again.",
  alreadyOwner: "This address already owns the listing: we sent a new sign-in link to it.",
} as const;

export const claimVerifiedMessage = (email: string) =>
  `${email} is on the listing's own website, so we sent a sign-in link to it. It works once, within ${OWNER_LINK_MINUTES} minutes.`;
export const claimPendingMessage = (name: string) =>
  `Thank you. An admin checks that you speak for ${name}, usually within a few days, and then mails you a sign-in link.`;

/** The answer to "Send me a sign-in link", the same whether the address owns a listing or not. */
export const SIGN_IN_REQUESTED_MESSAGE =
  "If this address owns a listing, a sign-in link is on its way. It works once, within 30 minutes. Check your spam folder too.";
export const OWNER_LINK_EXPIRED_MESSAGE = "This sign-in link has expired or was already used. Ask for a new one.";
export const STILL_RIGHT_EXPIRED_MESSAGE = "This link was already used or is no longer valid. Sign in to check your listing.";

export type ClaimResult =
  | { ok: true; status: "verified" | "pending"; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Partial<Record<ClaimField, string>> };

/** The fields an owner may change; the first set is published at once, the second waits for an admin. */
export const PUBLISHED_FIELDS = ["phone", "website", "access", "accessNote", "openingHours", "description"] as const;
export const REVIEWED_FIELDS = ["name", "address", "city", "zipcode"] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];
export const REVIEWED_LABELS: Record<ReviewedField, string> = { name: "Name", address: "Address", city: "City", zipcode: "Zipcode" };

/** What came of an owner's photo upload, in the edit page's address (`?photo=`): fixed words, never the address's text. */
export const PHOTO_OUTCOMES = {
  saved: "Your new photo is published.",
  refused: "That file could not be used: send a JPG, PNG or WebP photo.",
  "too-large": "The photo is larger than 5 MB: send a smaller one.",
  conflict: "Someone changed the listing during the upload: please send the photo again.",
  gone: "This listing no longer exists.",
} as const;
export type PhotoOutcome = keyof typeof PHOTO_OUTCOMES;
export const ownerPhotoPath = (wholesalerId: number) => `${ownerListingPath(wholesalerId)}/photo`;
