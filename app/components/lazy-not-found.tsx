import { island } from "./ui/island";

/**
 * The 404 page's content, an island (docs/decisions/033): its code, with the buttons' styles and `cn()`, is not
 * part of every page's first load.
 */
const load = () => import("./not-found");
export const NotFound = island(load, (module) => module.NotFound, import.meta.env.SSR ? await load() : undefined);
