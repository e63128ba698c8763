/**
 * "Tell me when a supplier is listed near me" (decision 044): what the pages say and offer, browser-safe and without
 * zod (the form's schema is demand-form.ts, read on the server only): the results pages must not load zod.
 */
import { INVALID_ZIPCODE_MESSAGE } from "../geo/zipcode";
import { DEFAULT_RADIUS, RADIUS_CHOICES } from "../wholesalers/near-page-query";

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
} as const;

/** The form's heading: "Tell me when a supplier is listed within 25 miles of 59301". */
export const demandHeading = (radius: number, zipcode: string | undefined) =>
  zipcode
    ? `Tell me when a supplier is listed within ${radius} miles of ${zipcode}`
    : `Tell me when a supplier is listed within ${radius} miles of my zipcode`;

/** "3 people are waiting for a supplier near 59301.": what "List your business" (and the claim page) say. */
export const waitingNearText = (people: number, zipcode: string) =>
  `${people} ${people === 1 ? "person is" : "people are"} waiting for a supplier near ${zipcode}.`;
