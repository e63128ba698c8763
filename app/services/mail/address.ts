/** An address as the site compares it: trimmed and lower-case (one subscriber, one undeliverable mark per address). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The domain of an address, lower-case ("" when there is none). */
export const emailDomain = (email: string) => normalizeEmail(email).split("@").pop() ?? "";
