import type { Festival } from "~/services/festivals/types";
import { SCHEMA_CONTEXT, ticketOffer, type JsonLd } from "~/services/seo/json-ld";
import { absoluteUrl } from "~/utils/url";

export const DEFAULT_FESTIVAL_IMAGE = "/images/default-flower.webp";

type EventFestival = Pick<
  Festival,
  "id" | "name" | "description" | "startDate" | "endDate" | "location" | "city" | "state" | "image" | "website" | "ticketPrice"
>;

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
    location: {
      "@type": "Place",
      name: festival.location,
      address: {
        "@type": "PostalAddress",
        addressLocality: festival.city,
        addressRegion: festival.state,
        addressCountry: "US",
      },
    },
    ...(offers ? { offers } : {}),
    ...(festival.website ? { organizer: { "@type": "Organization", name: festival.name, url: festival.website } } : {}),
  };
}

/** A schema.org ItemList of festival events, in the order given. */
export function festivalEventList(festivals: readonly EventFestival[], siteUrl: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "ItemList",
    numberOfItems: festivals.length,
    itemListElement: festivals.map((festival, index) => {
      const { "@context": _context, ...event } = festivalEvent(festival, siteUrl);
      return { "@type": "ListItem", position: index + 1, item: event };
    }),
  };
}
