import { getDb } from "~/db/db.server";
import { mailContext } from "~/services/mail/context.server";
import type { MailContext } from "~/services/mail/messages.server";
import { getEnv } from "~/utils/env.server";

/** What a message says of the site (its name, contact and postal line, and SITE_URL for its links). */
export const siteMailContext = (): Promise<MailContext> => mailContext(getDb(), getEnv().SITE_URL);
