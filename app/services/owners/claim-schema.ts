/** The claim form's checks (decision 045); kept out of owner-form.ts so that pages linking to a claim ship no zod. */
import { z } from "zod";
import { optionalText } from "../form-fields";
import { HONEYPOT_FIELD } from "../honeypot";

export const claimSchema = z.object({
  name: z.string().trim().min(2, "Enter your name.").max(100, "Your name is at most 100 characters."),
  role: z
    .string()
    .trim()
    .min(2, "Enter your role at the business, such as Owner or Manager.")
    .max(80, "The role is at most 80 characters."),
  email: z
    .string()
    .trim()
    .max(254, "The email address is at most 254 characters.")
    .pipe(z.email("Enter a valid email address, such as you@yourbusiness.com.")),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+().\-\s]{7,30}$/, "Enter a phone number such as (213) 627-3696."),
  [HONEYPOT_FIELD]: optionalText(300, ""),
});
