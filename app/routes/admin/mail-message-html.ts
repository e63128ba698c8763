import { requireAdmin } from "~/http/auth.server";
import { framedMessageResponse, outboxMessageOr404 } from "~/http/mail.server";
import type { Route } from "./+types/mail-message-html";

/** The HTML part of one message of the outbox, for the Mail screen's sandboxed frame: unknown ids get a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const message = await outboxMessageOr404(params.id);
  return framedMessageResponse(message.html, request);
}
