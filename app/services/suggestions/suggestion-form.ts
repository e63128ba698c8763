/** What the browser and the server both need to know about the location suggestion form. */

/** Suggestions one client address may send per hour before the form refuses more. */
export const SUGGESTIONS_PER_HOUR = 5;

import { HONEYPOT_FIELD } from "../honeypot";

export { HONEYPOT_FIELD };

export const SUGGESTION_FIELDS = ["businessName", "contactName", "email", "businessAddress", "additionalInfo"] as const;
export type LocationSuggestionField = (typeof SUGGESTION_FIELDS)[number];

export const SUGGESTION_LIMITS = {
  businessName: 120,
  contactName: 120,
  email: 254,
  businessAddress: 300,
  additionalInfo: 2000,
} as const satisfies Record<LocationSuggestionField, number>;

export const SUGGESTION_MESSAGES = {
  businessNameRequired: "Please enter the business name.",
  businessAddressRequired: "Please enter the business address.",
  invalidEmail: "Please enter a valid email address.",
  invalid: "Please check the highlighted fields.",
  tooMany: `You have already sent ${SUGGESTIONS_PER_HOUR} suggestions in the last hour. Thank you! Please try again later.`,
  saved: "Thank you! Your suggestion has been received. We review every submission before adding it to the directory.",
} as const;
