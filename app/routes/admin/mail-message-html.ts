import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { requireAdmin } from "~/http/auth.server";
import { framedMessageResponse } from "~/http/mail.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { getOutboxMessage } from "~/services/mail/outbox.server";
import type { Route } from "./+types/mail-message-html";

/** The HTML part of one message of the outbox, for the Mail screen's sandboxed frame: unknown ids get a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const id = parseId(params.id);
  if (id === undefined) throw data(null, { status: 404 });
  const message = await getOutboxMessage(getDb(), id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  return framedMessageResponse(message.html, request);
}
