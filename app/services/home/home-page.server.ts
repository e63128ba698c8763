import { getDb } from "~/db/db.server";
import { blogCardOf, listPublishedPosts } from "~/services/blog/blog.server";
import { listGroceryStores } from "~/services/grocery/grocery.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { getState, listStateNames } from "~/services/states/states.server";
import { keptUntilWrite } from "~/services/tools/kept.server";
import { cardDataOf } from "~/services/wholesalers/card-data";
import { getDirectoryCoverage, listFeaturedWholesalers } from "~/services/wholesalers/wholesalers.server";

/** The state the featured block shows. */
const FEATURED_STATE_ID = "california";
const FEATURED_WHOLESALERS = 3;
const HOME_BLOG_POSTS = 3;

/**
 * What the home page shows, the same for every visitor on a given day (`today`, the site's date: the coverage line
 * counts checks of the last twelve months). Read once and kept until an admin's write (keptUntilWrite, issue #39):
 * its eight queries were about a sixth of the page's CPU. Shared by every request: read it, never change it.
 */
export const homePage = keptUntilWrite("Home page", async (today: string) => {
  const db = getDb();
  const { general } = await getSiteSettings(db);
  const [states, featuredState, featuredWholesalers, groceryStores, posts, coverage] = await Promise.all([
    listStateNames(db),
    getState(db, FEATURED_STATE_ID),
    general.enableFeaturedWholesalers ? listFeaturedWholesalers(db, FEATURED_STATE_ID, FEATURED_WHOLESALERS) : [],
    listGroceryStores(db),
    general.enableBlog ? listPublishedPosts(db, HOME_BLOG_POSTS) : [],
    getDirectoryCoverage(db, today),
  ]);
  return {
    states,
    featuredState: { id: featuredState.id, name: featuredState.name, cities: featuredState.cities },
    featuredWholesalers: featuredWholesalers.map(cardDataOf),
    coverage,
    groceryStores,
    posts: posts.map(blogCardOf),
    // Without posts the blog block and the hero's button to it would lead nowhere.
    showBlog: general.enableBlog && posts.length > 0,
  };
});
