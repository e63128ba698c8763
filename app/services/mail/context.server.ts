import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getSiteSettings } from "../settings/settings.server";
import type { MailContext } from "./templates/layout";

/** What every message says of the site, from its settings and its public origin (SITE_URL). */
export async function mailContext(db: Kysely<Database>, siteUrl: string): Promise<MailContext> {
  const settings = await getSiteSettings(db);
  return {
    siteName: settings.general.siteName,
    siteUrl: siteUrl.replace(/\/+$/, ""),
    contactEmail: settings.general.contactEmail,
    postalAddress: settings.mail.postalAddress,
  };
}
