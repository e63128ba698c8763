/**
 * The site's one savings claim, said the same way on every page (issue #37 point 10). PRODUCT.md fixes the home
 * page's title word for word ("Save up to 70%"), so the title's figure is the claim: the About page, its FAQ
 * and the seeded articles say "up to 70%" too, never a range of their own.
 */
export const SAVINGS_CLAIM = "up to 70%";

/** "Up to 70%", to begin a sentence or a figure. */
export const SAVINGS_CLAIM_CAPITALIZED = `${SAVINGS_CLAIM.charAt(0).toUpperCase()}${SAVINGS_CLAIM.slice(1)}`;
