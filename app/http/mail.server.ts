import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { mailContext } from "~/services/mail/context.server";
import type { MailContext } from "~/services/mail/messages.server";
import { getOutboxMessage } from "~/services/mail/outbox.server";
import { frameMessage, type FramedMessage } from "~/services/mail/viewer";
import { getEnv } from "~/utils/env.server";

/** What a message says of the site (its name, contact and postal line, and SITE_URL for its links). */
export const siteMailContext = (): Promise<MailContext> => mailContext(getDb(), getEnv().SITE_URL);

/** A message's HTML as the admin reads it on this server (`request`'s origin): see frameMessage. */
export const frameForAdmin = (html: string, request: Request): FramedMessage =>
  frameMessage(html, { siteUrl: getEnv().SITE_URL, origin: new URL(request.url).origin });

/**
 * A message's HTML as a document of its own, for the sandboxed frame of the Mail screen and the newsletter preview.
 * Served from its own address rather than a `srcdoc`, which would inherit the admin page's policy: a message is styled
 * by inline styles, which that policy refuses. Its own policy (server/security.ts, FRAMED_MESSAGE_POLICY) allows them,
 * and no script, in a sandbox.
 */
export const framedMessageResponse = (html: string, request: Request) =>
  new Response(frameForAdmin(html, request).document, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/** One message of the outbox by the id in its address: an unknown or malformed id is the admin's 404. */
export async function outboxMessageOr404(idParam: string | undefined) {
  const id = parseId(idParam);
  if (id === undefined) throw data(null, { status: 404 });
  return getOutboxMessage(getDb(), id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
}
