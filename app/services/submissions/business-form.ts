/** What the browser and the server both need to know about the "List your business" form. */
import { HONEYPOT_FIELD } from "../suggestions/suggestion-form";

export { HONEYPOT_FIELD };

export const LIST_YOUR_BUSINESS_PATH = "/list-your-business";
export const LIST_YOUR_BUSINESS = "List your business";

/** Listings one client address may send per hour before the form refuses more. */
export const SUBMISSIONS_PER_HOUR = 5;

/** The business's own facts, named as the admin's wholesaler form names them. */
export const BUSINESS_FIELDS = [
  "name",
  "address",
  "city",
  "stateId",
  "zipcode",
  "type",
  "access",
  "accessNote",
  "phone",
  "website",
  "openingHours",
  "description",
] as const;
export const SUBMITTER_FIELDS = ["submitterName", "submitterEmail", "submitterRole"] as const;
/** The weekly hours as the form sends them without JavaScript: one plain text field per day (plainHoursFieldName). */
export const PLAIN_HOURS_FIELDS = [
  "openingHours.mon",
  "openingHours.tue",
  "openingHours.wed",
  "openingHours.thu",
  "openingHours.fri",
  "openingHours.sat",
  "openingHours.sun",
] as const;
export const SUBMISSION_FIELDS = [...BUSINESS_FIELDS, ...SUBMITTER_FIELDS, ...PLAIN_HOURS_FIELDS] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

export const SUBMITTER_ROLES = ["owner", "manager", "employee", "other"] as const;
export type SubmitterRole = (typeof SUBMITTER_ROLES)[number];
export const SUBMITTER_ROLE_LABELS: Record<SubmitterRole, string> = {
  owner: "Owner",
  manager: "Manager",
  employee: "Employee",
  other: "Other",
};

/** The longest text each field takes (the business's facts take what the admin's form takes). */
export const SUBMISSION_LIMITS = {
  name: 120,
  address: 200,
  city: 80,
  zipcode: 5,
  accessNote: 160,
  phone: 30,
  website: 300,
  description: 2000,
  submitterName: 120,
  submitterEmail: 254,
} as const;

export const SUBMISSION_MESSAGES = {
  accessRequired: "Choose who may buy from the business.",
  submitterNameRequired: "Please enter your name.",
  submitterNameTooLong: `Your name is at most ${SUBMISSION_LIMITS.submitterName} characters.`,
  invalidEmail: "Please enter a valid email address, so we can reach you about the listing.",
  roleRequired: "Choose your role at the business.",
  invalid: "Please check the highlighted fields.",
  tooMany: `You have already sent ${SUBMISSIONS_PER_HOUR} listings in the last hour. Thank you! Please try again later.`,
} as const;

/** The confirmation a business sees once its listing is stored (its receipt is queued with it). */
export const submissionReceivedMessage = (businessName: string) =>
  `Thank you! We have received the listing for ${businessName}. We check every listing before it appears in the directory. A receipt is on its way to your inbox, and we will write again with our decision.`;
