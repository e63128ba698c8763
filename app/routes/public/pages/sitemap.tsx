import { Link } from "react-router";
import { PageIntro } from "~/components/blog/page-intro";
import type { Route } from "../+types/sitemap";
import { SITEMAP_TITLE, type PageLink } from "./sitemap-texts";

function LinkList({ links, columns = "" }: { links: PageLink[]; columns?: string }) {
  return (
    <ul className={`mt-4 grid gap-x-8 gap-y-2.5 ${columns}`}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="text-stone-800 underline-offset-4 hover:text-rose-brand hover:underline">
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

/** The site index: the content of routes/public/sitemap.tsx, an island (docs/decisions/033). */
export function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { main, regions, listingsByState, posts, festivals } = loaderData;
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
      </div>
    </section>
  );
}
