/** The settings forms' rules and texts, shared by the admin screen and the server (safe in the browser). */
import { z } from "zod";

export const GA_ID_PATTERN = /^(G-[A-Z0-9]{4,20}|UA-\d{4,10}-\d{1,4})$/;
export const GA_ID_MESSAGE = "Enter a Google Analytics ID such as G-XXXXXXXXXX (or UA-12345678-1), or leave it empty.";

export const generalSettingsSchema = z.object({
  siteName: z.string().trim().min(2, "Site name must be at least 2 characters.").max(80, "Site name must be at most 80 characters."),
  contactEmail: z.string().trim().pipe(z.email("Please enter a valid email address.")),
  enableFeaturedWholesalers: z.boolean(),
  enableBlog: z.boolean(),
  enableFestivals: z.boolean(),
});

export const seoSettingsSchema = z.object({
  metaTitle: z.string().trim().min(5, "Meta title must be at least 5 characters.").max(120, "Meta title must be at most 120 characters."),
  metaDescription: z
    .string()
    .trim()
    .min(10, "Meta description must be at least 10 characters.")
    .max(320, "Meta description must be at most 320 characters."),
  // Only a real measurement id: the value ends up in a script tag on every page.
  googleAnalyticsId: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || GA_ID_PATTERN.test(value), GA_ID_MESSAGE)
    .optional()
    .transform((value) => value || undefined),
});

export const DIGEST_FREQUENCIES = ["off", "daily", "instant"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  off: "Off",
  daily: "Once a day",
  instant: "At once, for each new item",
};

/** The mail channel's settings (decision 039). */
export const mailSettingsSchema = z.object({
  // 0: as fast as the SMTP server takes them.
  sendRate: z.coerce
    .number({ message: "Enter a whole number of messages per second, 0 for no limit." })
    .int("Enter a whole number of messages per second, 0 for no limit.")
    .min(0, "Enter 0 (no limit) or more.")
    .max(1000, "At most 1000 messages per second."),
  // The postal line every newsletter carries (the CAN-SPAM Act asks for a valid physical postal address).
  postalAddress: z.string().trim().max(200, "The postal address must be at most 200 characters."),
  adminDigest: z.enum(DIGEST_FREQUENCIES, { message: "Choose off, once a day or at once." }),
  // "Is your listing still right?": how many months apart each owner is asked (decision 045).
  ownerCheckMonths: z.coerce
    .number({ message: "Enter a whole number of months from 1 to 24." })
    .int("Enter a whole number of months from 1 to 24.")
    .min(1, "Enter a whole number of months from 1 to 24.")
    .max(24, "Enter a whole number of months from 1 to 24.")
    .default(6),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export type SeoSettings = z.infer<typeof seoSettingsSchema>;
