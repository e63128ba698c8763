import { island } from "~/components/ui/island";

/**
 * The listing card, whose code (the card, its facts, opening hours and open status, the tooltip, the photo and
 * "Report a problem") is not part of any page's first load: the server renders every card in full, and the
 * browser hydrates them once that code has arrived (docs/decisions/033). Pages that show cards preload it in
 * their `clientLoader`.
 */
const load = () => import("./wholesaler-card");
export const WholesalerCard = island(load, (module) => module.WholesalerCard, import.meta.env.SSR ? await load() : undefined);
export type { WholesalerCardData } from "./wholesaler-card";
