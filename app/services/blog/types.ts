/** Types of this domain that the browser also uses (the *.server modules re-export them). */

import type { BlogStatus } from "./post-form";

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  category: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  image: string | null;
  status: BlogStatus;
  updatedAt: string;
}
