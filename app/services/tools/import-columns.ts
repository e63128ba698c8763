/**
 * The columns of a wholesaler CSV file: what the import reads and the export writes, in this order.
 * Browser-safe, so the Tools screen lists the same columns the server reads.
 */
export const IMPORT_COLUMNS = [
  "name",
  "address",
  "city",
  "state",
  "zipcode",
  "type",
  "hours",
  "description",
  "phone",
  "website",
  "latitude",
  "longitude",
  "access",
  "access_note",
  "opening_hours",
  "verified_at",
  "source",
  "admin_note",
  "location_approximate",
  "special_hours",
  "status",
  "closed_until",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_IMPORT_COLUMNS = ["name", "address", "city", "state", "zipcode"] as const satisfies readonly ImportColumn[];

/** Facts an update keeps from the listing when the file has no column for them (a column present sets them, an empty cell clears). */
export const KEPT_COLUMNS = [
  "access",
  "access_note",
  "opening_hours",
  "verified_at",
  "source",
  "admin_note",
  "location_approximate",
  "special_hours",
  "status",
  "closed_until",
] as const satisfies readonly ImportColumn[];

/** How the export writes location_approximate; the import also reads true/false, 1/0 and an empty cell (no). */
export const YES = "yes";
export const NO = "no";
