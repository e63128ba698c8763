import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import { exportSubscribersCsv } from "~/services/newsletter/admin.server";
import { todayIsoDate } from "~/utils/dates";
import type { Route } from "./+types/subscribers-csv";
import { adminActor } from "~/http/admin-action.server";

/** /admin/subscribers.csv: the subscribers (optionally those matching `q` and `status`) as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q } = parseListParams(url.searchParams);
  const status = url.searchParams.get("status") ?? undefined;
  const { csv } = await exportSubscribersCsv(getDb(), { q, status }, adminActor(context));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${todayIsoDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
