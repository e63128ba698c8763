import { getDb } from "~/db/db.server";
import { mailContext } from "~/services/mail/context.server";
import type { MailContext } from "~/services/mail/messages.server";
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
