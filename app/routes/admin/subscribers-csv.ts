import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import { exportSubscribersCsv } from "~/services/newsletter/admin.server";
import { todayIsoDate } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/subscribers-csv";
import { adminActor } from "~/http/admin-action.server";

/**
 * /admin/subscribers.csv: the subscribers (optionally those matching `q` and `status`) as a download, with their
 * status, when they confirmed, and the unsubscribe link of each confirmed one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q } = parseListParams(url.searchParams);
  const status = url.searchParams.get("status") ?? undefined;
  // Each confirmed subscriber's unsubscribe link is on the public origin, wherever the export is downloaded.
  const { csv } = await exportSubscribersCsv(getDb(), { q, status }, adminActor(context), getEnv().SITE_URL);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${todayIsoDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
