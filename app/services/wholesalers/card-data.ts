import type { Wholesaler } from "./types";

/**
 * What a wholesaler's card shows and a list's filters read (components/wholesalers/wholesaler-card.tsx): a page
 * sends its cards these fields for hydration, not whole rows (issue #39).
 */
const CARD_FIELDS = [
  "id",
  "name",
  "address",
  "city",
  "state",
  "zipcode",
  "type",
  "hours",
  "image",
  "phone",
  "website",
  "access",
  "accessNote",
  "openingHours",
  "timeZone",
  "verifiedAt",
  "ownerConfirmedAt",
  "locationApproximate",
  "specialHours",
  "status",
  "closedUntil",
] as const satisfies readonly (keyof Wholesaler)[];

export type WholesalerCardData = Pick<Wholesaler, (typeof CARD_FIELDS)[number]>;

/** A listing's card fields; a field the listing lacks (no phone, no website) stays absent. */
export function cardDataOf(wholesaler: WholesalerCardData): WholesalerCardData {
  const card: Partial<Record<keyof WholesalerCardData, unknown>> = {};
  for (const field of CARD_FIELDS) if (wholesaler[field] !== undefined) card[field] = wholesaler[field];
  return card as WholesalerCardData;
}
