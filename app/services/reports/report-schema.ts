/** The schema of what a visitor sends with "Report a problem", read by the server. */
import { z } from "zod";
import { REPORT_KINDS, REPORT_LIMITS, REPORT_MESSAGES } from "./report-form";

/** What a visitor sends. Details are optional except for "Something else", which says nothing by itself. */
export const listingReportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { message: REPORT_MESSAGES.kindRequired }),
    details: z
      .string()
      .trim()
      .max(REPORT_LIMITS.details, REPORT_MESSAGES.detailsTooLong)
      .optional()
      .transform((value) => value ?? ""),
    email: z
      .string()
      .trim()
      .max(REPORT_LIMITS.email, REPORT_MESSAGES.invalidEmail)
      .optional()
      .transform((value) => value || null)
      .pipe(z.email(REPORT_MESSAGES.invalidEmail).nullable()),
  })
  .refine((report) => report.kind !== "other" || report.details !== "", {
    message: REPORT_MESSAGES.detailsRequired,
    path: ["details"],
  });

export type ListingReport = z.output<typeof listingReportSchema>;
