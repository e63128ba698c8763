import type { Festival, FestivalCardData, PastFestivalData } from "./types";

/**
 * The longest description a list card is sent (issue #39). The card shows it clamped to two lines, at most
 * about 140 characters at its widest (a 475 px card between 768 and 1023 px); the whole text, 300 to 440
 * characters, was sent twice per card (in the HTML and in the data the page hydrates from) for nothing. The
 * festival's own page has it in full.
 */
export const CARD_DESCRIPTION_MAX = 200;

/** A description cut at a word before `max` characters, with an ellipsis; a short one as it is. */
export function cardDescription(text: string, max = CARD_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/**
 * What a festival card shows, and nothing else: the page's hydration data carries one of these per card
 * (not the row's website, flags, rule and full description). `compact` cards (the upcoming block) show neither
 * the description nor the tickets.
 */
export function festivalCard(festival: Festival, { compact = false }: { compact?: boolean } = {}): FestivalCardData {
  return {
    id: festival.id,
    name: festival.name,
    startDate: festival.startDate,
    endDate: festival.endDate,
    location: festival.location,
    city: festival.city,
    state: festival.state,
    image: festival.image,
    ...(festival.recurrence ? { yearly: true as const } : {}),
    ...(compact ? {} : { description: cardDescription(festival.description) }),
    ...(festival.ticketPrice && !compact ? { ticketPrice: festival.ticketPrice } : {}),
  };
}

/** A line of "Past festivals": its name, dates and place. */
export const pastFestival = ({ id, name, startDate, endDate, city, state }: Festival): PastFestivalData => ({
  id,
  name,
  startDate,
  endDate,
  city,
  state,
});
