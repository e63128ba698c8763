import { getDb } from "~/db/db.server";
import { stateMap } from "~/services/maps/maps.server";
import { keptUntilWrite } from "~/services/tools/kept.server";
import { cardDataOf } from "~/services/wholesalers/card-data";
import { listWholesalersByState } from "~/services/wholesalers/wholesalers.server";
import { findState } from "./states.server";

/** Every state and DC, with room for the ids of a few that are not (each is worked out, found missing, and kept). */
const KEPT_STATES = 64;

/**
 * What a state's page shows, the same for every visitor: the state, its listings' card fields (with what the page's
 * structured data names besides) and its map; `state` is null for an id that is no state. Read and worked out once
 * and kept until an admin's write (keptUntilWrite, issue #39). Shared by every request: read it, never change it.
 */
export const statePage = keptUntilWrite(
  "State pages",
  async (stateId: string) => {
    const db = getDb();
    const state = await findState(db, stateId);
    if (!state) return { state: null, wholesalers: [], map: null };
    const listed = await listWholesalersByState(db, state.id);
    // The cards' fields, and what the page's structured data names besides (BusinessListing), not whole rows.
    const wholesalers = listed.map((listing) => ({
      ...cardDataOf(listing),
      description: listing.description,
      latitude: listing.latitude,
      longitude: listing.longitude,
    }));
    // Each listing's number is its place in the full list, so that the map and the cards agree whatever is shown.
    const map =
      wholesalers.length > 0
        ? stateMap(
            state.id,
            wholesalers.map(({ id, name, latitude, longitude }, index) => ({ id, name, latitude, longitude, number: index + 1 })),
          )
        : null;
    return { state: { id: state.id, name: state.name, code: state.code, region: state.region, cities: state.cities }, wholesalers, map };
  },
  { maxEntries: KEPT_STATES },
);
