/**
 * The address of a listing's own page: `/wholesalers/{id}/{slug}`. The id finds the listing; the slug, made
 * from its name, only reads well in a link, so a wrong or missing one is answered with a redirect to this.
 */
import { slugText } from "~/utils/slug";

/** "Original Los Angeles Flower Market" → "original-los-angeles-flower-market"; accents folded, "&" read as "and". */
export function slugify(name: string): string {
  const slug = slugText(name);
  // "report" is the listing's report-a-problem address; a name with no letters or digits still needs a slug.
  return slug === "" || slug === "report" ? `listing-${slug || "page"}`.replace(/-$/, "") : slug;
}

/** The canonical path of a listing's page. */
export function listingPath(listing: { id: number; name: string }): string {
  return `/wholesalers/${listing.id}/${slugify(listing.name)}`;
}

/**
 * The report page of a listing: the dialog posts its form here, and without JavaScript it is the form's page. Here,
 * not in services/reports/report-form.ts, so that a card's link to it does not bring the form's labels and messages.
 */
export const reportPath = (listingId: number) => `/wholesalers/${listingId}/report`;
