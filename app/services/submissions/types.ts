/** Types of this domain that the browser also uses (the *.server modules re-export them). */
import type { WholesalerAccess, WholesalerType } from "../wholesalers/constants";
import type { WeeklyHours } from "../wholesalers/opening-hours";
import type { SubmitterRole } from "./business-form";

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A business's request to be listed, as the admin reviews it. */
export interface AdminSubmission {
  id: number;
  name: string;
  address: string;
  city: string;
  stateId: string;
  /** The state's name. */
  state: string;
  zipcode: string;
  type: WholesalerType;
  access: WholesalerAccess | null;
  accessNote: string | null;
  phone: string | null;
  website: string | null;
  openingHours: WeeklyHours | null;
  description: string;
  submitterName: string;
  submitterEmail: string;
  submitterRole: SubmitterRole;
  status: SubmissionStatus;
  /** The listing an approval created (null once that listing is deleted). */
  wholesalerId: number | null;
  createdAt: string;
  reviewedAt: string | null;
}
