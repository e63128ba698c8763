/**
 * "Tell me when a supplier is listed near me" (decision 044): what the form sends and what the pages say,
 * browser-safe (the service is demand.server.ts).
 */
import { z } from "zod";
import { HONEYPOT_FIELD } from "../honeypot";
import { INVALID_ZIPCODE_MESSAGE, ZIPCODE_PATTERN } from "../geo/zipcode";
import { DEFAULT_RADIUS, RADIUS_CHOICES, type RadiusChoice } from "../wholesalers/near-page-query";

/** The radii a request may ask for: the finder's own. */
export const DEMAND_RADIUS_CHOICES = RADIUS_CHOICES;
export const DEMAND_DEFAULT_RADIUS = DEFAULT_RADIUS;
/** The widest radius: the box a new listing looks for waiting requests in. */
export const DEMAND_MAX_RADIUS = Math.max(...RADIUS_CHOICES);

export const DEMAND_MESSAGES = {
  email: "Please enter a valid email address.",
  zipcode: INVALID_ZIPCODE_MESSAGE,
  unknownZipcode: "We do not know this zipcode. Please check it, or try a nearby one.",
  radius: `Choose a distance of ${RADIUS_CHOICES.join(", ")} miles.`,
  /** The one answer to every valid request, whatever the address's state: it tells nobody who asked what. */
  checkInbox: "Almost done: check your inbox and click the link we sent to confirm your request.",
  tooMany: "Too many requests from this address. Please try again in an hour.",
} as const;

export const demandRequestSchema = z.object({
  email: z.string({ message: DEMAND_MESSAGES.email }).trim().max(254, DEMAND_MESSAGES.email).pipe(z.email(DEMAND_MESSAGES.email)),
  zipcode: z.string({ message: DEMAND_MESSAGES.zipcode }).trim().regex(ZIPCODE_PATTERN, DEMAND_MESSAGES.zipcode),
  radius: z.coerce
    .number({ message: DEMAND_MESSAGES.radius })
    .refine((value): value is RadiusChoice => (RADIUS_CHOICES as readonly number[]).includes(value), DEMAND_MESSAGES.radius),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type DemandRequestInput = z.input<typeof demandRequestSchema>;

/** The form's heading: "Tell me when a supplier is listed within 25 miles of 59301". */
export const demandHeading = (radius: number, zipcode: string | undefined) =>
  zipcode
    ? `Tell me when a supplier is listed within ${radius} miles of ${zipcode}`
    : `Tell me when a supplier is listed within ${radius} miles of my zipcode`;

/** "3 people are waiting for a supplier near 59301.": what "List your business" (and the claim page) say. */
export const waitingNearText = (people: number, zipcode: string) =>
  `${people} ${people === 1 ? "person is" : "people are"} waiting for a supplier near ${zipcode}.`;
