import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { recordAdminChange } from "../audit/audit.server";
import { mailContext } from "./context.server";
import { testMail } from "./messages.server";
import { enqueueMail, wakeMailSender } from "./outbox.server";

/** The audit log's entity of the admin's Mail screen. */
export const MAIL_ENTITY = "mail";

/**
 * "Send a test message to me": queues the test message to the acting admin's address and records it in the audit
 * log, in one transaction; `siteUrl` is the public origin (SITE_URL) its links point to. Returns the message's id.
 */
export async function queueTestMail(db: Kysely<Database>, siteUrl: string, actor: Actor): Promise<number> {
  const mail = await testMail(await mailContext(db, siteUrl), actor.email);
  const id = await db.transaction().execute(async (trx) => {
    const [queued] = await enqueueMail(trx, mail);
    await recordAdminChange(trx, actor, {
      entity: MAIL_ENTITY,
      verb: "test",
      id: queued,
      details: { label: mail.subject, to: actor.email },
    });
    return queued!;
  });
  // Queued inside a transaction, so enqueueMail left the sender asleep.
  wakeMailSender();
  return id;
}
