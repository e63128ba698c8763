import type { Festival } from "~/services/festivals/types";
import { SCHEMA_CONTEXT, ticketOffer, type JsonLd } from "~/services/seo/json-ld";
import { absoluteUrl } from "~/utils/url";

export const DEFAULT_FESTIVAL_IMAGE = "/images/default-flower.webp";

type EventFestival = Pick<
  Festival,
  "id" | "name" | "description" | "startDate" | "endDate" | "location" | "city" | "state" | "image" | "website" | "ticketPrice"
>;

/** Where a festival is held: its venue, city and state. */
const place = (festival: Pick<Festival, "location" | "city" | "state">) => ({
  "@type": "Place",
  name: festival.location,
  address: { "@type": "PostalAddress", addressLocality: festival.city, addressRegion: festival.state, addressCountry: "US" },
});

/** A schema.org Event for a festival: an all-day, in-person event at its venue. */
export function festivalEvent(festival: EventFestival, siteUrl: string): JsonLd {
  const url = absoluteUrl(siteUrl, `/festivals/${festival.id}`);
  // Tickets are sold by the organizers, on their own site when it is known.
  const offers = ticketOffer(festival.ticketPrice, festival.website ?? url);
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Event",
    name: festival.name,
    description: festival.description,
    startDate: festival.startDate,
    endDate: festival.endDate,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: "https://schema.org/EventScheduled",
    image: [absoluteUrl(siteUrl, festival.image ?? DEFAULT_FESTIVAL_IMAGE)],
    url,
    location: place(festival),
    ...(offers ? { offers } : {}),
    ...(festival.website ? { organizer: { "@type": "Organization", name: festival.name, url: festival.website } } : {}),
  };
}

type ListedFestival = Pick<Festival, "id" | "name" | "startDate" | "endDate" | "location" | "city" | "state" | "image">;

/**
 * A schema.org ItemList of festival events, in the order given. Each item is an Event with what search engines
 * require of one (name, dates, place with its address) and its page, image, status and attendance mode; the
 * description, tickets and organizer are on the festival's own page (festivalEvent), the page each item's `url`
 * names, which is the one an event's rich result is read from. Issue #39: the list's structured data was 12.6 KB
 * of the festivals page.
 */
export function festivalEventList(festivals: readonly ListedFestival[], siteUrl: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "ItemList",
    numberOfItems: festivals.length,
    itemListElement: festivals.map((festival, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Event",
        name: festival.name,
        startDate: festival.startDate,
        endDate: festival.endDate,
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        eventStatus: "https://schema.org/EventScheduled",
        image: [absoluteUrl(siteUrl, festival.image ?? DEFAULT_FESTIVAL_IMAGE)],
        url: absoluteUrl(siteUrl, `/festivals/${festival.id}`),
        location: place(festival),
      },
    })),
  };
}
