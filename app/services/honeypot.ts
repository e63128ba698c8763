/** The honeypot field of every public form: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = "website_url";
