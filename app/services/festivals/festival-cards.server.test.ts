import { describe, expect, it } from "vitest";
import { CARD_DESCRIPTION_MAX, cardDescription, festivalCard, pastFestival } from "./festival-cards.server";
import type { Festival } from "./types";

const festival: Festival = {
  id: 4,
  name: "The Flower Fields at Carlsbad Ranch",
  description:
    "Each spring about 50 acres of Giant Tecolote ranunculus bloom in striped bands of color on the hillside above Interstate 5 in Carlsbad. The season traditionally opens on March 1 and runs about six weeks, with wagon rides and a sweet pea maze.",
  startDate: "2027-03-01",
  endDate: "2027-05-01",
  location: "The Flower Fields",
  city: "Carlsbad",
  state: "California",
  website: "https://theflowerfields.com",
  ticketPrice: "$12-$25",
  image: "/images/festivals/carlsbad-flower-fields.webp",
  featured: true,
  recurrence: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1",
  updatedAt: "2026-12-01T00:00:00.000Z",
};

describe("a festival's card data", () => {
  it("cuts a long description at a word, with an ellipsis, within the limit; a short one stays whole", () => {
    const cut = cardDescription(festival.description);
    expect(cut.length).toBeLessThanOrEqual(CARD_DESCRIPTION_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(festival.description.startsWith(cut.slice(0, -1))).toBe(true);
    expect(festival.description.charAt(cut.length - 1)).toBe(" ");
    expect(cardDescription("Tulips.\n\nAnd more  tulips.")).toBe("Tulips. And more tulips.");
  });

  it("carries what a card shows and nothing else: no website, flags, rule or update time", () => {
    expect(festivalCard(festival)).toEqual({
      id: 4,
      name: festival.name,
      startDate: "2027-03-01",
      endDate: "2027-05-01",
      location: "The Flower Fields",
      city: "Carlsbad",
      state: "California",
      image: festival.image,
      yearly: true,
      description: cardDescription(festival.description),
      ticketPrice: "$12-$25",
    });
    // The upcoming block's cards show neither the description nor the tickets.
    const compact = festivalCard({ ...festival, recurrence: null }, { compact: true });
    expect(compact).not.toHaveProperty("description");
    expect(compact).not.toHaveProperty("ticketPrice");
    expect(compact).not.toHaveProperty("yearly");
    expect(pastFestival(festival)).toEqual({
      id: 4,
      name: festival.name,
      startDate: "2027-03-01",
      endDate: "2027-05-01",
      city: "Carlsbad",
      state: "California",
    });
  });
});
