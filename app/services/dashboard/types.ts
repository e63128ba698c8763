/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface CountByLabel {
  label: string;
  count: number;
}

export interface WeekCount {
  /** The Monday the week starts on, on the site's calendar (YYYY-MM-DD). */
  weekStart: string;
  count: number;
}

export interface DashboardStatistics {
  totalWholesalers: number;
  statesWithWholesalers: number;
  /** The TOP_STATES states with the most wholesalers, most first (ties by name). */
  wholesalersByState: CountByLabel[];
  /** Every region, in the taxonomy's order, with zero where it has none. */
  wholesalersByRegion: CountByLabel[];
  /** Newsletter sign-ups per week, oldest week first, including people who unsubscribed later. */
  subscribersByWeek: WeekCount[];
}
