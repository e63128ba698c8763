/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface Festival {
  id: number;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  /** Venue. */
  location: string;
  city: string;
  state: string;
  website?: string;
  ticketPrice?: string;
  image: string | null;
  featured: boolean;
  /**
   * The yearly rule as an RRULE (FREQ=YEARLY;BYMONTH=5;BYDAY=2SA), null for a one-off. Where the public side reads
   * a festival, startDate and endDate are its current occurrence (occurrences.server.ts); the admin sees the stored ones.
   */
  recurrence: string | null;
  updatedAt: string;
}

/**
 * What a festival card shows (festival-cards.server.ts makes it from a festival): no website, flags or rule, and
 * the description only on the cards that show it (issue #39: the page's hydration data carries one per card).
 */
export type FestivalCardData = Pick<Festival, "id" | "name" | "startDate" | "endDate" | "location" | "city" | "state" | "image"> & {
  description?: string;
  ticketPrice?: string;
  /** A yearly festival, shown on its current occurrence. */
  yearly?: true;
};

/** A line of the festivals page's "Past festivals". */
export type PastFestivalData = Pick<Festival, "id" | "name" | "startDate" | "endDate" | "city" | "state">;
