import { getDb } from "~/db/db.server";
import { adminActor } from "~/http/admin-action.server";
import { parseListParams } from "~/services/admin/list";
import { exportWholesalersCsv } from "~/services/wholesalers/export.server";
import { todayIsoDate } from "~/utils/dates";
import type { Route } from "./+types/wholesalers-csv";

/** /admin/wholesalers.csv: the wholesalers matching the list's `q`, `type`, `state`, `access` and `verification`, as a file the import reads back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q } = parseListParams(url.searchParams);
  const filter = (name: string) => url.searchParams.get(name) || undefined;
  const query = { q, type: filter("type"), stateId: filter("state"), access: filter("access"), verification: filter("verification") };
  const { csv } = await exportWholesalersCsv(getDb(), query, adminActor(context));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="wholesalers-${todayIsoDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
