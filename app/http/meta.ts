import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "~/utils/url";
import type { SiteContext } from "./site-context";

type RootData = SiteContext;

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export interface PageMetaInput {
  /** The page's own title; the site name is appended unless `fullTitle` is set. */
  title?: string;
  fullTitle?: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL, e.g. "/blog/3". */
  path: string;
  /** A site path ("/images/...") or an absolute URL; the site's default share image when missing. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  /**
   * schema.org structured data, for the crawlers, which read each address from the server. Routes build it on the
   * server only (`import.meta.env.SSR ? … : undefined`), so its builders are not in the browser's scripts
   * (docs/decisions/033); the browser drops it at the first client-side navigation (root.tsx).
   */
  jsonLd?: object | object[];
}

const DEFAULT_SITE_NAME = "Wholesale Flower Finder";
const DEFAULT_SITE_URL = "https://www.wholesaleflowerfinder.com";
const DEFAULT_CONTACT_EMAIL = "hello@wholesaleflowerfinder.com";
export const DEFAULT_SHARE_IMAGE = "/images/og-default.webp";

export function rootDataFrom(matches: readonly (MatchLike | undefined)[]): RootData | undefined {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

/** The site's name, address and contact email as the pages' metadata and structured data name them. */
export function siteIdentity(matches: readonly (MatchLike | undefined)[]) {
  const root = rootDataFrom(matches);
  return {
    name: root?.settings.general.siteName ?? DEFAULT_SITE_NAME,
    url: root?.siteUrl ?? DEFAULT_SITE_URL,
    email: root?.settings.general.contactEmail ?? DEFAULT_CONTACT_EMAIL,
  };
}

/**
 * Title, description, keywords, Open Graph and Twitter tags, canonical link and JSON-LD for a page,
 * falling back to the admin's SEO defaults.
 */
export function pageMeta(matches: readonly (MatchLike | undefined)[], input: PageMetaInput): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const { name: siteName, url: siteUrl } = siteIdentity(matches);
  const title = input.fullTitle ?? (input.title ? `${input.title} | ${siteName}` : (root?.settings.seo.metaTitle ?? siteName));
  const description = input.description ?? root?.settings.seo.metaDescription ?? "";
  const url = `${siteUrl}${input.path}`;
  const image = absoluteUrl(siteUrl, input.image ?? DEFAULT_SHARE_IMAGE);
  const noindex = input.noindex || root?.allowIndexing === false;

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    ...(input.keywords ? [{ name: "keywords", content: input.keywords }] : []),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:site_name", content: siteName },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  const blocks = input.jsonLd === undefined ? [] : Array.isArray(input.jsonLd) ? input.jsonLd : [input.jsonLd];
  for (const block of blocks) tags.push({ "script:ld+json": block });
  return tags;
}
