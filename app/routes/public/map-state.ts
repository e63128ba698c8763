import { toErrorResponse } from "~/http/api.server";
import { notFound } from "~/services/errors";
import { stateOutlineSvg } from "~/services/maps/maps.server";
import { STATE_NOT_FOUND } from "~/services/states/states.server";
import type { Route } from "./+types/map-state";

/** A year, and never asked again: the address names the document's content (`?v=`, a hash of it). */
const VERSIONED_CACHE = "public, max-age=31536000, immutable";
/** An address without this build's version (a page of an earlier build): the outline as it is now, asked again next time. */
const UNVERSIONED_CACHE = "public, max-age=0, must-revalidate";

/**
 * A state map's outline (`/maps/state/<state id>.svg?v=`), the image under the markers of a state page's map
 * (services/maps/maps.server.ts, stateMap): drawn once per state and process, the same for every visitor. An unknown
 * state is a 404 that says so.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  try {
    const stateId = /^([a-z]+)\.svg$/.exec(params.file)?.[1];
    if (!stateId) throw notFound(STATE_NOT_FOUND);
    const { svg, version } = stateOutlineSvg(stateId);
    const current = new URL(request.url).searchParams.get("v") === version;
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": current ? VERSIONED_CACHE : UNVERSIONED_CACHE },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
