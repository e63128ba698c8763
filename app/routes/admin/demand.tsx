import { AdminPageHeader } from "~/components/admin/list/list-page";
import { DemandMap, PlacesTable } from "~/components/demand/demand-view";
import { getDb } from "~/db/db.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { demandOverview } from "~/services/demand/admin.server";
import { DEMAND_TOP_PLACES, demandSummaryText, EMPTY_SEARCH_DAYS } from "~/services/demand/types";
import type { Route } from "./+types/demand";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { overview: await demandOverview(getDb()) };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Demand");

/**
 * Where people look and find nothing (decision 044): the waiting requests on the map and ranked, and the zipcodes
 * whose searches found nothing in the last 30 days, so that the owners know where to recruit listings first.
 */
export default function Demand({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title="Demand"
        description={`${demandSummaryText(overview.summary)} for a supplier near them. Recruit listings where the circles are largest.`}
      />
      <div className="mt-6">
        <DemandMap map={overview.map} />
      </div>
      <div className="mt-8 grid gap-8">
        <section aria-labelledby="waiting-heading">
          <h2 id="waiting-heading" className="font-serif text-xl font-semibold text-ink">
            Most people waiting
          </h2>
          <p className="mb-3 mt-1 text-sm text-muted">Confirmed requests not yet answered, by zipcode; the top {DEMAND_TOP_PLACES}.</p>
          <PlacesTable
            caption="Places by waiting requests"
            countHeader="Waiting"
            places={overview.waiting}
            emptyText="Nobody is waiting for a supplier yet."
          />
        </section>
        <section aria-labelledby="empty-heading">
          <h2 id="empty-heading" className="font-serif text-xl font-semibold text-ink">
            Most empty searches
          </h2>
          <p className="mb-3 mt-1 text-sm text-muted">
            Results pages that found nothing within their radius, since {overview.since} ({EMPTY_SEARCH_DAYS} days); the top{" "}
            {DEMAND_TOP_PLACES}. Pages answered from the page cache are not counted.
          </p>
          <PlacesTable
            caption="Places by empty searches"
            countHeader="Empty searches"
            places={overview.emptySearches}
            emptyText="No search has come back empty in the last 30 days."
          />
        </section>
      </div>
    </div>
  );
}
