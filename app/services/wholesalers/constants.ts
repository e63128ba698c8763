/** Client-safe facts about wholesalers, shared by pages, admin screens and the server. */
export const WHOLESALER_TYPES = ["Wholesale", "Retail", "Both"] as const;
export type WholesalerType = (typeof WHOLESALER_TYPES)[number];

/** The entity's name in the audit log and in the admin's confirmation texts. */
export const WHOLESALER_ENTITY = "wholesaler";

/** Who may buy: the trade only, anyone, or the public at set hours. */
export const WHOLESALER_ACCESS = ["trade-only", "public-welcome", "public-hours"] as const;
export type WholesalerAccess = (typeof WHOLESALER_ACCESS)[number];

/** The plain badge a card and a listing page show for each kind of access. */
export const ACCESS_LABELS: Record<WholesalerAccess, string> = {
  "trade-only": "Trade only",
  "public-welcome": "Public welcome",
  "public-hours": "Public at set hours",
};

/** Past this distance the nearest listing is no day trip: the results say so and offer other ways to get flowers. */
export const FAR_AWAY_MILES = 100;
