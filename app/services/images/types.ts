/** Types of this domain that the browser also uses (the *.server modules re-export them). */

import type { ImageTable } from "./constants";

export interface MissingImage {
  table: ImageTable;
  id: number;
  label: string;
  url: string;
}

export interface OptimiseReport {
  /** Distinct uploaded images that records use. */
  checked: number;
  /** Replaced by a smaller re-encoding. */
  reencoded: number;
  /** Had a missing or malformed size, now written again from the largest one left. */
  repaired: number;
  /** Re-encoding would not have saved MIN_SAVING, so the stored files were kept. */
  unchanged: number;
  /** Records whose image files are all gone: they need a new upload. */
  missing: MissingImage[];
  /** Images that ship with the site (paths under /images/): generated at build time, not stored uploads. */
  bundled: number;
  /** Files under uploads that no record used, removed. */
  orphansRemoved: number;
  bytesBefore: number;
  bytesAfter: number;
  message: string;
}
