import type { Festival } from "~/services/festivals/festivals.server";

export const DEFAULT_FESTIVAL_IMAGE = "/images/default-flower.webp";

type EventFestival = Pick<Festival, "id" | "name" | "description" | "startDate" | "endDate" | "location" | "city" | "state" | "image">;

const absoluteUrl = (siteUrl: string, pathOrUrl: string) => new URL(pathOrUrl, siteUrl).href;

/** A schema.org Event for a festival: an all-day, in-person event at its venue. */
export function festivalEvent(festival: EventFestival, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: festival.name,
    description: festival.description,
    startDate: festival.startDate,
    endDate: festival.endDate,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: "https://schema.org/EventScheduled",
    image: [absoluteUrl(siteUrl, festival.image ?? DEFAULT_FESTIVAL_IMAGE)],
    url: absoluteUrl(siteUrl, `/festivals/${festival.id}`),
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
  };
}

/** A schema.org ItemList of festival events, in the order given. */
export function festivalEventList(festivals: readonly EventFestival[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: festivals.map((festival, index) => {
      const { "@context": _context, ...event } = festivalEvent(festival, siteUrl);
      return { "@type": "ListItem", position: index + 1, item: event };
    }),
  };
}
