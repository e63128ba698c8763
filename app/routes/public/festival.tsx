import { data } from "react-router";
import { formatDateRange } from "~/components/festivals/dates";
import { FestivalCard } from "~/components/festivals/lazy-festival-card";
import { island, withIslands, type Island } from "~/components/ui/island";
import { festivalEvent } from "~/services/seo/festival-json-ld";
import { getDb } from "~/db/db.server";
import { AppError } from "~/services/errors";
import { googleCalendarUrl } from "~/services/festivals/calendar.server";
import { getFestival, listUpcomingFestivals, type Festival } from "~/services/festivals/festivals.server";
import { parseId } from "~/services/ids";
import { todayIsoDate } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/festival";
import { NOT_FOUND_TITLE } from "./pages/festival-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/festival");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.FestivalPage, import.meta.env.SSR ? await loadPage() : undefined);

const MORE_FESTIVALS = 3;

const toSummary = ({ updatedAt: _updatedAt, ...festival }: Festival) => festival;

async function findFestival(rawId: string) {
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  try {
    return await getFestival(getDb(), id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return undefined;
    throw error;
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  await requireFeature("festivals");
  const festival = await findFestival(params.id);
  if (!festival) return data({ found: false as const }, { status: 404 });
  const today = todayIsoDate();
  const upcoming = await listUpcomingFestivals(getDb(), undefined, today);
  const others = upcoming.filter((other) => other.id !== festival.id);
  // Festivals in the same state first, then the soonest elsewhere.
  const more = [...others.filter((other) => other.state === festival.state), ...others.filter((other) => other.state !== festival.state)];
  return {
    found: true as const,
    festival: toSummary(festival),
    googleCalendarUrl: googleCalendarUrl(festival, getEnv().SITE_URL),
    today,
    more: more.slice(0, MORE_FESTIVALS).map(toSummary),
  };
}

/** A client-side navigation waits for the page's and the cards' code with the data (components/ui/island.tsx). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page, FestivalCard);

export const meta: Route.MetaFunction = ({ matches, data: loaderData, params }) => {
  if (!loaderData?.found) {
    return pageMeta(matches, { title: NOT_FOUND_TITLE, path: `/festivals/${params.id}`, noindex: true });
  }
  const { festival } = loaderData;
  const description = `${formatDateRange(festival.startDate, festival.endDate, "long")} at ${festival.location}, ${festival.city}, ${festival.state}. ${festival.description}`;
  return pageMeta(matches, {
    title: festival.name,
    description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}...` : description,
    keywords: `${festival.name}, flower festival, ${festival.city}, ${festival.state}`,
    path: `/festivals/${festival.id}`,
    image: festival.image,
    jsonLd: import.meta.env.SSR ? festivalEvent(festival, siteIdentity(matches).url) : undefined,
  });
};

export default function Festival(props: Route.ComponentProps) {
  return <Page {...props} />;
}
