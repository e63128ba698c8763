/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface ClearedCache {
  name: string;
  entries: number;
}
export interface ImportRowRef {
  row: number;
  name: string;
  city: string;
  state: string;
}

export interface ImportRejection {
  row: number;
  name: string;
  messages: string[];
}

export interface ImportReport {
  mode: "dry-run" | "import";
  fileName: string;
  /** Identifies the file's content: the import must be of the file the dry run checked. */
  fingerprint: string;
  /** Data rows in the file (blank lines aside). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  createdRows: ImportRowRef[];
  updatedRows: ImportRowRef[];
  rejections: ImportRejection[];
  message: string;
}
