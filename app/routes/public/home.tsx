import { HERO_IMAGE } from "~/components/home/hero-image";
import { homePage } from "~/services/home/home-page.server";
import { todayIsoDate } from "~/utils/dates";
import { organizationJsonLd, webSiteJsonLd } from "~/services/seo/json-ld";
import { pageMeta, siteIdentity } from "~/http/meta";
import { SAVINGS_CLAIM } from "~/utils/claims";
import type { Route } from "./+types/home";
import { BlogPreview } from "~/components/home/blog-preview";
import { FeaturedState } from "~/components/home/featured-state";
import { GroceryStores } from "~/components/home/grocery-stores";
import { Hero } from "~/components/home/hero";
import { LocationFinder } from "~/components/home/location-finder";
import { NewsletterSection } from "~/components/home/newsletter-section";

/** The hero photo starts loading with the page's head, first among the images (each screen gets one of the two). */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO_IMAGE.portrait, media: HERO_IMAGE.portraitMedia, fetchPriority: "high" },
  { rel: "preload", as: "image", href: HERO_IMAGE.wide, media: HERO_IMAGE.wideMedia, fetchPriority: "high" },
];

export const loader = () => homePage(todayIsoDate());

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteIdentity(matches);
  return pageMeta(matches, {
    fullTitle: `Find Wholesale Flowers Near You - Save ${SAVINGS_CLAIM} | ${site.name}`,
    description:
      `Find wholesale flower markets and suppliers near you by zipcode or state, compare grocery store flowers and save ${SAVINGS_CLAIM} on flowers for weddings, events and DIY arrangements.`,
    keywords: "wholesale flowers, flower market, wholesale florist, cheap flowers, bulk flowers, DIY wedding flowers",
    path: "/",
    jsonLd: import.meta.env.SSR ? [organizationJsonLd(site), webSiteJsonLd(site)] : undefined,
  });
};

/** The home page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { states, featuredState, featuredWholesalers, coverage, groceryStores, posts, showBlog } = loaderData;
  return (
    <>
      <Hero showBlog={showBlog} coverage={coverage} />
      <LocationFinder states={states} />
      <FeaturedState state={featuredState} wholesalers={featuredWholesalers} />
      <GroceryStores stores={groceryStores} />
      {showBlog ? <BlogPreview posts={posts} /> : null}
      <NewsletterSection />
    </>
  );
}
