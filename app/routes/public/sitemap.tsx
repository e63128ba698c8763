import { getDb } from "~/db/db.server";
import { listPublishedPosts } from "~/services/blog/blog.server";
import { listGroceryLinks } from "~/services/grocery/grocery.server";
import { listFestivals } from "~/services/festivals/festivals.server";
import { listSentIssues } from "~/services/newsletter/issues.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { listStates, REGIONS } from "~/services/states/states.server";
import { listListingLinks } from "~/services/wholesalers/listing.server";
import { listingPath } from "~/services/wholesalers/slug";
import { pageMeta } from "~/http/meta";
import { isFeatureEnabled } from "~/http/site.server";
import type { Route } from "./+types/sitemap";
import { Link } from "react-router";
import { PageIntro } from "~/components/blog/page-intro";

export const SITEMAP_TITLE = "Sitemap";

/** A link of the sitemap: the loader makes them, the content lists them. */
export interface PageLink {
  label: string;
  to: string;
}

export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const blog = isFeatureEnabled(settings, "blog");
  const festivals = isFeatureEnabled(settings, "festivals");
  const [states, listings, groceryLinks, posts, festivalList, issues] = await Promise.all([
    listStates(db),
    listListingLinks(db),
    listGroceryLinks(db),
    blog ? listPublishedPosts(db) : [],
    festivals ? listFestivals(db) : [],
    listSentIssues(db),
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
    groceryStores: groceryLinks.map((store) => ({ label: store.name, to: store.path })),
    posts: posts.map((post) => ({ label: post.title, to: `/blog/${post.id}` })),
    festivals: festivalList.map((festival) => ({ label: `${festival.name} (${festival.city}, ${festival.state})`, to: `/festivals/${festival.id}` })),
    issues: issues.map((issue) => ({ label: issue.title, to: `/newsletter/${issue.id}` })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: SITEMAP_TITLE,
    description: "Every page of the site in one place: wholesale flower suppliers in all 50 states, the DIY blog, flower festivals and more.",
    keywords: "sitemap, wholesale flowers by state, flower arranging blog, flower festivals",
    path: "/sitemap",
  });

function LinkList({ links, columns = "" }: { links: PageLink[]; columns?: string }) {
  return (
    <ul className={`mt-4 grid gap-x-8 gap-y-2.5 ${columns}`}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="sitemap-link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="font-serif text-2xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The site index. */
export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { main, regions, listingsByState, groceryStores, posts, festivals, issues } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageIntro eyebrow="Site index" title={SITEMAP_TITLE}>
        <p>Every page of the site in one place.</p>
      </PageIntro>
      <div className="mt-10 grid gap-6">
        <Group id="sitemap-pages" title="Main pages">
          <LinkList links={main} columns="sm:grid-cols-2 lg:grid-cols-3" />
        </Group>
        <Group id="sitemap-states" title="Wholesalers by state">
          <div className="mt-2 grid gap-8 sm:grid-cols-2 lg:grid-cols-5">
            {regions.map((group) => (
              <div key={group.region}>
                <h3 className="mt-4 text-sm font-semibold uppercase tracking-wider text-rose-brand">{group.region}</h3>
                <LinkList links={group.states} />
              </div>
            ))}
          </div>
        </Group>
        {listingsByState.length > 0 ? (
          <Group id="sitemap-listings" title="Wholesaler listings">
            {/* Columns rather than a grid: a state with eight listings would leave holes beside the states with one. */}
            <div className="mt-2 gap-x-8 sm:columns-2 lg:columns-3">
              {listingsByState.map((group) => (
                <div key={group.state} className="break-inside-avoid pt-px">
                  <h3 className="mt-4 text-sm font-semibold uppercase tracking-wider text-rose-brand">{group.state}</h3>
                  <LinkList links={group.links} />
                </div>
              ))}
            </div>
          </Group>
        ) : null}
        {groceryStores.length > 0 ? (
          <Group id="sitemap-grocery" title="Grocery stores that sell flowers">
            <LinkList links={groceryStores} columns="sm:grid-cols-2 lg:grid-cols-3" />
          </Group>
        ) : null}
        {posts.length > 0 ? (
          <Group id="sitemap-blog" title="Blog articles">
            <LinkList links={posts} columns="md:grid-cols-2" />
          </Group>
        ) : null}
        {festivals.length > 0 ? (
          <Group id="sitemap-festivals" title="Flower festivals">
            <LinkList links={festivals} columns="md:grid-cols-2" />
          </Group>
        ) : null}
        {issues.length > 0 ? (
          <Group id="sitemap-newsletter" title="Newsletter issues">
            <LinkList links={[{ label: "Newsletter archive", to: "/newsletter" }, ...issues]} columns="md:grid-cols-2" />
          </Group>
        ) : null}
      </div>
    </section>
  );
}
