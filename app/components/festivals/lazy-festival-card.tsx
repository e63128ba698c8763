import { island } from "~/components/ui/island";

/**
 * The festival card: the server renders it in full; its code is not part of a page's first load, and the browser
 * hydrates the cards once it has arrived (docs/decisions/033). Pages that show cards preload it in their
 * `clientLoader`.
 */
const load = () => import("./festival-card");
export const FestivalCard = island(load, (module) => module.FestivalCard, import.meta.env.SSR ? await load() : undefined);
