/** The zod schema of "tell me when a supplier is listed" (decision 044); the texts are in demand-text.ts. */
import { z } from "zod";
import { HONEYPOT_FIELD } from "../honeypot";
import { ZIPCODE_PATTERN } from "../geo/zipcode";
import { RADIUS_CHOICES, type RadiusChoice } from "../wholesalers/near-page-query";
import { DEMAND_MESSAGES } from "./demand-text";

export * from "./demand-text";

export const demandRequestSchema = z.object({
  email: z.string({ message: DEMAND_MESSAGES.email }).trim().max(254, DEMAND_MESSAGES.email).pipe(z.email(DEMAND_MESSAGES.email)),
  zipcode: z.string({ message: DEMAND_MESSAGES.zipcode }).trim().regex(ZIPCODE_PATTERN, DEMAND_MESSAGES.zipcode),
  radius: z.coerce
    .number({ message: DEMAND_MESSAGES.radius })
    .refine((value): value is RadiusChoice => (RADIUS_CHOICES as readonly number[]).includes(value), DEMAND_MESSAGES.radius),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type DemandRequestInput = z.input<typeof demandRequestSchema>;
