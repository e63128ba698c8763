import type { BlogPost } from "../blog/types";
import type { WholesalerType } from "../wholesalers/constants";
import type { Wholesaler } from "../wholesalers/types";
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday, type WeeklyHours } from "../wholesalers/opening-hours";
import type { SpecialHours } from "../wholesalers/special-hours";
import { absoluteUrl } from "~/utils/url";

/**
 * schema.org structured data for the pages, with what the search engines' rich-result rules require.
 * Client-safe: route `meta` functions run in the browser too.
 */

export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

export const SCHEMA_CONTEXT = "https://schema.org";
/** The site says it has existed since 2020. */
export const FOUNDING_YEAR = "2020";
/** Square and scalable, so it meets any minimum logo size. */
export const LOGO_PATH = "/favicon.svg";
export const BLOG_NAME = "Flower Arranging Guide";
export const SEARCH_PATH = "/search";

export interface SiteIdentity {
  name: string;
  /** The site's address without a trailing slash, e.g. https://www.wholesaleflowerfinder.com */
  url: string;
  email: string;
}

const organizationId = (site: SiteIdentity) => `${site.url}/#organization`;

const logo = (site: SiteIdentity) => ({ "@type": "ImageObject", url: absoluteUrl(site.url, LOGO_PATH) });

/** The product as an author or publisher: named, linked and with its logo. */
function productOrganization(site: SiteIdentity) {
  return { "@type": "Organization", "@id": organizationId(site), name: site.name, url: `${site.url}/`, logo: logo(site) };
}

export function organizationJsonLd(site: SiteIdentity): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    ...productOrganization(site),
    email: site.email,
    foundingDate: FOUNDING_YEAR,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: site.email, availableLanguage: "English" },
  };
}

/** The site with a search box: search engines may send a query straight to /search. */
export function webSiteJsonLd(site: SiteIdentity): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "WebSite",
    "@id": `${site.url}/#website`,
    name: site.name,
    url: `${site.url}/`,
    inLanguage: "en-US",
    publisher: { "@id": organizationId(site) },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.url}${SEARCH_PATH}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export function faqPageJsonLd(faq: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "FAQPage",
    mainEntity: faq.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** A market that sells only wholesale is a WholesaleStore; one that sells to the public is a Florist. */
export const businessType = (type: WholesalerType) => (type === "Wholesale" ? "WholesaleStore" : "Florist");

export type BusinessListing = Pick<
  Wholesaler,
  "name" | "address" | "city" | "zipcode" | "type" | "description" | "image" | "phone" | "website" | "latitude" | "longitude"
>;

/** A wholesaler as a schema.org local business: what it is, its postal address, its point and what else is known. */
function localBusiness(wholesaler: BusinessListing, stateCode: string, siteUrl: string) {
  return {
    "@type": businessType(wholesaler.type),
    name: wholesaler.name,
    description: wholesaler.description,
    address: {
      "@type": "PostalAddress",
      streetAddress: wholesaler.address,
      addressLocality: wholesaler.city,
      addressRegion: stateCode,
      postalCode: wholesaler.zipcode,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: wholesaler.latitude, longitude: wholesaler.longitude },
    ...(wholesaler.phone ? { telephone: wholesaler.phone } : {}),
    ...(wholesaler.website ? { url: wholesaler.website } : {}),
    ...(wholesaler.image ? { image: absoluteUrl(siteUrl, wholesaler.image) } : {}),
  };
}

/** The wholesalers of a state as local businesses, in the order the page lists them. */
export function stateBusinessListJsonLd(
  state: { id: string; name: string; code: string },
  wholesalers: readonly BusinessListing[],
  siteUrl: string,
): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "ItemList",
    name: `${state.name} Flower Wholesalers`,
    url: `${siteUrl}/state/${state.id}`,
    numberOfItems: wholesalers.length,
    itemListElement: wholesalers.map((wholesaler, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: localBusiness(wholesaler, state.code, siteUrl),
    })),
  };
}

/** schema.org Time has no 24:00; a day that runs to midnight closes at 23:59, as the search engines ask. */
const schemaTime = (time: string) => (time === "24:00" ? "23:59" : time);

/**
 * A weekly schedule as OpeningHoursSpecification: one entry per time range, days with the same ranges
 * sharing it. A closed day is left out; a range past midnight keeps its earlier closing time, which
 * schema.org reads as the next day.
 */
export function openingHoursSpecification(hours: WeeklyHours) {
  const groups = new Map<string, { days: string[]; ranges: WeeklyHours[Weekday] }>();
  for (const day of WEEKDAYS) {
    if (hours[day].length === 0) continue;
    const key = JSON.stringify(hours[day]);
    const group = groups.get(key) ?? { days: [], ranges: hours[day] };
    group.days.push(WEEKDAY_NAMES[day]);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ days, ranges }) =>
    ranges.map((range) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: days, opens: range.open, closes: schemaTime(range.close) })),
  );
}

/**
 * Dated exceptions (special hours) as OpeningHoursSpecification with validFrom and validThrough, those not over on
 * `today` only: a closed date opens and closes at 00:00, as the search engines read a day closed.
 */
export function specialOpeningHoursSpecification(special: readonly SpecialHours[], today: string) {
  return special
    .filter((entry) => entry.to >= today)
    .flatMap((entry) =>
      (entry.ranges.length ? entry.ranges : [{ open: "00:00", close: "00:00" }]).map((range) => ({
        "@type": "OpeningHoursSpecification",
        opens: range.open,
        closes: schemaTime(range.close),
        validFrom: entry.from,
        validThrough: entry.to,
      })),
    );
}

export type ListingBusiness = BusinessListing & Pick<Wholesaler, "openingHours"> & { stateCode: string; specialHours?: SpecialHours[] };

/**
 * A listing's own page: the business with its opening hours when they are known day by day. Its `url` is
 * the business's own website when known (as on the state page), else this page, which is also its `@id`.
 */
export function listingJsonLd(listing: ListingBusiness, pageUrl: string, siteUrl: string, today?: string): JsonLd {
  const business = localBusiness(listing, listing.stateCode, siteUrl);
  const special = today ? specialOpeningHoursSpecification(listing.specialHours ?? [], today) : [];
  return {
    "@context": SCHEMA_CONTEXT,
    ...business,
    "@id": `${pageUrl}#business`,
    url: listing.website ?? pageUrl,
    mainEntityOfPage: pageUrl,
    ...(listing.openingHours ? { openingHoursSpecification: openingHoursSpecification(listing.openingHours) } : {}),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
  };
}

export type PostSummary = Pick<BlogPost, "id" | "title" | "excerpt" | "date" | "updatedAt"> & { image: string };
/** A post as the blog's list names it. */
export type ListedPost = Omit<PostSummary, "excerpt">;

/** A date of modification never before the publication date (a post may be dated ahead of its last edit). */
const modified = (post: Pick<BlogPost, "date" | "updatedAt">) => (post.updatedAt.slice(0, 10) < post.date ? post.date : post.updatedAt);

function blogPosting(post: PostSummary, site: SiteIdentity) {
  const url = `${site.url}/blog/${post.id}`;
  return {
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url,
    image: [absoluteUrl(site.url, post.image)],
    datePublished: post.date,
    dateModified: modified(post),
    author: productOrganization(site),
    publisher: productOrganization(site),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
  };
}

export function blogJsonLd(posts: readonly ListedPost[], site: SiteIdentity): JsonLd {
  // Each post as what an article's rich result reads (headline, image, dates, author by name and address) and its
  // page; its description, publisher and main entity are on that page (blogPostingJsonLd), and the publisher
  // once here. Issue #39: the list's structured data was 13.5 KB of the blog's page, 960 bytes a post.
  const author = { "@type": "Organization", "@id": organizationId(site), name: site.name, url: `${site.url}/` };
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Blog",
    name: BLOG_NAME,
    url: `${site.url}/blog`,
    publisher: productOrganization(site),
    blogPost: posts.map((post) => ({
      "@type": "BlogPosting",
      headline: post.title,
      url: `${site.url}/blog/${post.id}`,
      image: [absoluteUrl(site.url, post.image)],
      datePublished: post.date,
      dateModified: modified(post),
      author,
    })),
  };
}

/** An article: written and published by the product itself. */
export function blogPostingJsonLd(post: PostSummary & { category: string }, site: SiteIdentity): JsonLd {
  return { "@context": SCHEMA_CONTEXT, ...blogPosting(post, site), articleSection: post.category, inLanguage: "en-US" };
}

/**
 * The entry price in US dollars from a free-text ticket price: "0" when entry is free, else the first
 * amount named ("$12-$25" gives "12"); undefined when the text names no price.
 */
export function ticketPriceAmount(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/\bfree\b/i.test(text)) return "0";
  const amount = /\$\s?(\d+(?:\.\d{1,2})?)/.exec(text) ?? /\b(\d+(?:\.\d{1,2})?)\b/.exec(text);
  return amount?.[1];
}

/** An Offer for an event's tickets when its price is known. */
export function ticketOffer(ticketPrice: string | undefined, url: string) {
  const price = ticketPriceAmount(ticketPrice);
  if (price === undefined) return undefined;
  return {
    "@type": "Offer",
    price,
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    url,
    description: ticketPrice,
  };
}
