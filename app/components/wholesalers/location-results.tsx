import { useRouteLoaderData } from "react-router";
import type { SiteContext } from "~/http/site-context";
import { useInPlaceListingFilters } from "./listing-filters";
import { NearResults, ResultsNotice, ResultsPanel, type NearListing } from "./near-results";
import { LOCATION_MESSAGES, type LocationState } from "./use-my-location";

const YOUR_LOCATION = "your location";

/** The results around the visitor's position: the same count, filters, map and numbered cards as a zipcode's. */
/**
 * Loaded only when the visitor asks for their location (zipcode-finder.tsx), so that the results' code (cards,
 * filters, map, report dialog) is not part of the first load of the pages with the finder (issue #13).
 */
export default function LocationResults({ state }: { state: Exclude<LocationState, { status: "idle" }> }) {
  const festivals = useRouteLoaderData<SiteContext>("root")?.settings.general.enableFestivals ?? false;
  // Kept while the visitor searches again, as the page's own filters would be.
  const filtering = useInPlaceListingFilters<NearListing>(state.status === "found" ? state.answer.within : []);
  if (state.status === "locating") return null;
  return (
    <ResultsPanel label="Results near your location">
      {state.status === "error" ? (
        <ResultsNotice tone="error">{LOCATION_MESSAGES[state.problem]}</ResultsNotice>
      ) : (
        <NearResults
          result={state.answer}
          map={state.answer.map}
          where={YOUR_LOCATION}
          emptyNotice={`No wholesalers found within ${state.answer.radiusMiles} miles of ${YOUR_LOCATION}.`}
          festivalsHref={festivals ? "/festivals" : null}
          filtering={filtering}
        />
      )}
    </ResultsPanel>
  );
}
