import type { MetaDescriptor } from "react-router";
import { rootDataFrom } from "~/http/meta";

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

/**
 * Title and robots tags of an admin page: never indexed (and, with `nofollow`, its links not followed).
 * Each admin route's meta export uses it, because React Router keeps only the deepest route's meta.
 */
export function adminMeta(
  matches: readonly (MatchLike | undefined)[],
  title: string,
  { nofollow = false }: { nofollow?: boolean } = {},
): MetaDescriptor[] {
  const siteName = rootDataFrom(matches)?.settings.general.siteName ?? "Wholesale Flower Finder";
  return [{ title: `${title} | ${siteName} Admin` }, { name: "robots", content: nofollow ? "noindex, nofollow" : "noindex" }];
}

/** Response headers of every admin page: not indexed, not cached by shared caches. */
export const adminHeaders = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" });
