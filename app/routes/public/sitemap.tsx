import { getDb } from "~/db/db.server";
import { island, withIslands, type Island } from "~/components/ui/island";
import { listPublishedPosts } from "~/services/blog/blog.server";
import { listFestivals } from "~/services/festivals/festivals.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { listStates, REGIONS } from "~/services/states/states.server";
import { listListingLinks } from "~/services/wholesalers/listing.server";
import { listingPath } from "~/services/wholesalers/slug";
import { pageMeta } from "~/http/meta";
import { isFeatureEnabled } from "~/http/site.server";
import { SITEMAP_TITLE, type PageLink } from "./pages/sitemap-texts";
import type { Route } from "./+types/sitemap";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/sitemap");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.SitemapPage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const blog = isFeatureEnabled(settings, "blog");
  const festivals = isFeatureEnabled(settings, "festivals");
  const [states, listings, posts, festivalList] = await Promise.all([
    listStates(db),
    listListingLinks(db),
    blog ? listPublishedPosts(db) : [],
    festivals ? listFestivals(db) : [],
  ]);

  const main: PageLink[] = [
    { label: "Home", to: "/" },
    { label: "Find Wholesalers by State", to: "/states" },
    { label: "All 50 States", to: "/all-states" },
    ...(blog ? [{ label: "DIY Flower Arranging Blog", to: "/blog" }] : []),
    ...(festivals ? [{ label: "Flower Festival Calendar", to: "/festivals" }] : []),
    { label: "About Us and Submit a Location", to: "/about" },
    { label: "List Your Business", to: "/list-your-business" },
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms of Service", to: "/terms" },
    { label: "Sitemap", to: "/sitemap" },
  ];
  const regions = REGIONS.map((region) => ({
    region,
    states: states.filter((state) => state.region === region).map((state) => ({ label: state.name, to: `/state/${state.id}` })),
  })).filter((group) => group.states.length > 0);

  // The listings come sorted by state, so each state's are next to each other.
  const listingsByState: { state: string; links: PageLink[] }[] = [];
  for (const listing of listings) {
    const link = { label: `${listing.name} (${listing.city})`, to: listingPath(listing) };
    const last = listingsByState.at(-1);
    if (last?.state === listing.state) last.links.push(link);
    else listingsByState.push({ state: listing.state, links: [link] });
  }

  return {
    main,
    regions,
    listingsByState,
    posts: posts.map((post) => ({ label: post.title, to: `/blog/${post.id}` })),
    festivals: festivalList.map((festival) => ({ label: `${festival.name} (${festival.city}, ${festival.state})`, to: `/festivals/${festival.id}` })),
  };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: SITEMAP_TITLE,
    description: "Every page of the site in one place: wholesale flower suppliers in all 50 states, the DIY blog, flower festivals and more.",
    keywords: "sitemap, wholesale flowers by state, flower arranging blog, flower festivals",
    path: "/sitemap",
  });

export default function Sitemap(props: Route.ComponentProps) {
  return <Page {...props} />;
}
