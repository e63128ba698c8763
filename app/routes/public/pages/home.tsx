import { BlogPreview } from "~/components/home/blog-preview";
import { FeaturedState } from "~/components/home/featured-state";
import { GroceryStores } from "~/components/home/grocery-stores";
import { Hero } from "~/components/home/hero";
import { LocationFinder } from "~/components/home/location-finder";
import { NewsletterSection } from "~/components/home/newsletter-section";
import type { Route } from "../+types/home";

/** The home page: the content of routes/public/home.tsx, an island (docs/decisions/033). */
export function HomePage({ loaderData }: Route.ComponentProps) {
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
