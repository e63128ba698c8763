/** Shapes of the data the site ships with. The seed loader turns these into rows. */

export type Region = "Northeast" | "Southeast" | "Midwest" | "Southwest" | "West";

export interface SeedState {
  /** Lowercase slug without spaces or dashes: "newhampshire". */
  id: string;
  name: string;
  /** Two-letter USPS code: "NH". */
  code: string;
  region: Region;
  /** 3 to 6 major cities. */
  cities: string[];
}

export type WholesalerType = "Wholesale" | "Retail" | "Both";

/**
 * Who may buy. The db floor may not import services, so the seed restates the domain's types; the seed test
 * checks that every value here is one the services accept (WHOLESALER_ACCESS, weeklyHoursSchema).
 */
export type WholesalerAccess = "trade-only" | "public-welcome" | "public-hours";

/** A weekly schedule: "HH:MM" ranges per day, [] when closed; a close at or before the open runs past midnight. */
export type WeeklyHours = Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", { open: string; close: string }[]>;

export interface SeedWholesaler {
  name: string;
  /** Street address only, e.g. "754 Wall St". */
  address: string;
  city: string;
  /** Two-letter USPS code of the state. */
  stateCode: string;
  /** Five digits; must exist in the zipcodes package and lie in stateCode. */
  zipcode: string;
  type: WholesalerType;
  hours: string;
  description: string;
  phone?: string;
  website?: string;
  /** Exact point when known; otherwise the zipcode centroid is used. */
  latitude?: number;
  longitude?: number;
  /** Who may buy, only where the source says; left out when the source is silent (the site then shows nothing). */
  access?: WholesalerAccess;
  /** A short note on buying, from the source: "Bring a resale certificate". */
  accessNote?: string;
  /** The weekly schedule, only where a source gives the hours day by day. */
  openingHours?: WeeklyHours;
  /** The date (YYYY-MM-DD) the source confirmed the facts, where the source is dated. */
  verifiedAt?: string;
  /** Where the facts come from: the page(s) that show the name and street address (admin-only). */
  source: string;
  /** True when the zipcode was not given by a source but chosen as the city's zipcode nearest its centre. */
  locationApproximate?: boolean;
}

export interface SeedGroceryStore {
  name: string;
  /** What the chain sells. */
  description: string;
  /** How to shop it: ordering ahead, freshness, deals. */
  tips: string;
  /** e.g. "$5-$25" */
  priceRange: string;
  bestFor: string;
}

export type BlogCategory = "DIY" | "Seasonal" | "Wedding" | "Tips" | "Guides";

export interface SeedBlogPost {
  title: string;
  excerpt: string;
  category: BlogCategory;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** Path of a local image under public/, e.g. "/images/blog/peony-centerpiece.webp". */
  image: string;
  /** Markdown body, 400+ words. */
  content: string;
}

/**
 * When a festival takes place each year, so that the seed can compute its next dates.
 * - fixed: starts on month/day.
 * - nthWeekday: starts on the nth (1-5, or -1 for the last) given weekday (0 = Sunday) of month,
 *   shifted by offsetDays (e.g. a festival that starts the Friday before the 2nd Sunday).
 */
export type FestivalSchedule =
  | { kind: "fixed"; month: number; day: number; durationDays: number }
  | { kind: "nthWeekday"; month: number; weekday: number; nth: number; offsetDays?: number; durationDays: number };

export interface SeedFestival {
  name: string;
  description: string;
  /** Venue. */
  location: string;
  city: string;
  /** State name as written ("California"); "District of Columbia" allowed. */
  state: string;
  website?: string;
  /** Free text: "Free", "$15-$30". */
  ticketPrice?: string;
  image: string;
  featured: boolean;
  /** The seed's first dates: the next occurrence of this schedule that has not ended on the seed day. */
  schedule: FestivalSchedule;
  /**
   * The yearly rule the site rolls the festival forward with (an RRULE the admin's picker can express), only where
   * the festival's source states its recurrence ("the second weekend of April"); left out, the festival is a
   * one-off that leaves the upcoming lists when it ends. Must name the schedule's start every year (seed test).
   */
  recurrence?: string;
}
