import { describe, expect, it } from "vitest";
import { festivalEvent, festivalEventList } from "~/services/seo/festival-json-ld";
import {
  blogJsonLd,
  blogPostingJsonLd,
  businessType,
  faqPageJsonLd,
  listingJsonLd,
  openingHoursSpecification,
  organizationJsonLd,
  stateBusinessListJsonLd,
  ticketOffer,
  ticketPriceAmount,
  webSiteJsonLd,
  type BusinessListing,
  type ListingBusiness,
} from "./json-ld";

const site = { name: "Petal Finder", url: "https://flowers.example.com", email: "team@flowers.example.com" };

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe("organizationJsonLd and webSiteJsonLd", () => {
  it("names the product with its logo, contact email and founding year", () => {
    expect(organizationJsonLd(site)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Petal Finder",
      url: "https://flowers.example.com/",
      logo: { "@type": "ImageObject", url: "https://flowers.example.com/favicon.svg" },
      email: "team@flowers.example.com",
      foundingDate: "2020",
      contactPoint: { "@type": "ContactPoint", email: "team@flowers.example.com" },
    });
  });

  it("points the site search at /search with the query placeholder", () => {
    expect(webSiteJsonLd(site)).toMatchObject({
      "@type": "WebSite",
      url: "https://flowers.example.com/",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://flowers.example.com/search?q={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });
});

describe("faqPageJsonLd", () => {
  it("makes each question a Question with its accepted Answer", () => {
    const faq = faqPageJsonLd([{ question: "Can anyone buy?", answer: "Often, yes." }]);
    expect(faq).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Can anyone buy?", acceptedAnswer: { "@type": "Answer", text: "Often, yes." } }],
    });
  });
});

describe("stateBusinessListJsonLd", () => {
  const market: BusinessListing = {
    name: "Downtown Flower Market",
    address: "754 Wall St",
    city: "Los Angeles",
    zipcode: "90014",
    type: "Both",
    description: "Stalls of fresh flowers.",
    image: "/uploads/market.webp",
    phone: "(213) 555-0100",
    website: "https://market.example.com",
    latitude: 34.04,
    longitude: -118.25,
  };
  const trade: BusinessListing = { ...market, name: "Trade Only", type: "Wholesale", image: null, phone: undefined, website: undefined };

  it("lists each wholesaler as a local business with a postal address, coordinates and what is known", () => {
    const list = stateBusinessListJsonLd({ id: "california", name: "California", code: "CA" }, [market, trade], site.url);
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 2, url: "https://flowers.example.com/state/california" });
    const [first, second] = list.itemListElement as { position: number; item: Record<string, unknown> }[];
    expect(first).toMatchObject({ "@type": "ListItem", position: 1 });
    expect(first?.item).toEqual({
      "@type": "Florist",
      name: "Downtown Flower Market",
      description: "Stalls of fresh flowers.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "754 Wall St",
        addressLocality: "Los Angeles",
        addressRegion: "CA",
        postalCode: "90014",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: 34.04, longitude: -118.25 },
      telephone: "(213) 555-0100",
      url: "https://market.example.com",
      image: "https://flowers.example.com/uploads/market.webp",
    });
    expect(second?.position).toBe(2);
    expect(second?.item["@type"]).toBe("WholesaleStore");
    expect(second?.item).not.toHaveProperty("telephone");
    expect(second?.item).not.toHaveProperty("url");
    expect(second?.item).not.toHaveProperty("image");
  });

  it("keeps an image that is already an absolute address", () => {
    const list = stateBusinessListJsonLd(
      { id: "ca", name: "California", code: "CA" },
      [{ ...market, image: "https://cdn.example.com/a.jpg" }],
      site.url,
    );
    expect((list.itemListElement as { item: { image: string } }[])[0]?.item.image).toBe("https://cdn.example.com/a.jpg");
  });

  it("types retail and mixed businesses as florists and trade-only ones as wholesale stores", () => {
    expect(businessType("Retail")).toBe("Florist");
    expect(businessType("Both")).toBe("Florist");
    expect(businessType("Wholesale")).toBe("WholesaleStore");
  });
});

describe("listingJsonLd", () => {
  const page = "https://flowers.example.com/wholesalers/4/downtown-flower-market";
  const market: ListingBusiness = {
    name: "Downtown Flower Market",
    address: "754 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    description: "Stalls of fresh flowers.",
    image: "/uploads/market.webp",
    phone: "(213) 555-0100",
    website: "https://market.example.com",
    latitude: 34.04,
    longitude: -118.25,
    openingHours: {
      mon: [{ open: "06:00", close: "14:00" }],
      tue: [{ open: "06:00", close: "14:00" }],
      wed: [{ open: "06:00", close: "14:00" }],
      thu: [{ open: "06:00", close: "14:00" }],
      fri: [
        { open: "06:00", close: "14:00" },
        { open: "22:00", close: "02:00" },
      ],
      sat: [{ open: "00:00", close: "24:00" }],
      sun: [],
    },
  };

  it("describes the business of a listing's page with its address, point, phone, site, photo and weekly hours", () => {
    expect(listingJsonLd(market, page, site.url)).toEqual({
      "@context": "https://schema.org",
      "@type": "Florist",
      "@id": `${page}#business`,
      name: "Downtown Flower Market",
      description: "Stalls of fresh flowers.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "754 Wall St",
        addressLocality: "Los Angeles",
        addressRegion: "CA",
        postalCode: "90014",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: 34.04, longitude: -118.25 },
      telephone: "(213) 555-0100",
      url: "https://market.example.com",
      image: "https://flowers.example.com/uploads/market.webp",
      mainEntityOfPage: page,
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
          opens: "06:00",
          closes: "14:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "06:00", closes: "14:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "22:00", closes: "02:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "00:00", closes: "23:59" },
      ],
    });
  });

  it("says nothing it does not know: no phone, website, photo or hours; the page is then its url", () => {
    const bare = listingJsonLd(
      { ...market, type: "Wholesale", phone: undefined, website: undefined, image: null, openingHours: null },
      page,
      site.url,
    );
    expect(bare["@type"]).toBe("WholesaleStore");
    expect(bare.url).toBe(page);
    for (const property of ["telephone", "image", "openingHoursSpecification"]) expect(bare).not.toHaveProperty(property);
  });

  it("gives the special hours not over yet, a closed date opening and closing at 00:00", () => {
    const specialHours = [
      { from: "2026-11-26", to: "2026-11-26", ranges: [], note: "Thanksgiving" },
      { from: "2027-02-14", to: "2027-02-14", ranges: [], note: "Closed for Valentine's Day" },
      {
        from: "2027-02-08",
        to: "2027-02-13",
        ranges: [
          { open: "03:00", close: "11:00" },
          { open: "13:00", close: "24:00" },
        ],
        note: "Valentine's week",
      },
    ];
    const withSpecial = listingJsonLd({ ...market, specialHours }, page, site.url, "2026-12-06");
    expect(withSpecial.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2027-02-14", validThrough: "2027-02-14" },
      { "@type": "OpeningHoursSpecification", opens: "03:00", closes: "11:00", validFrom: "2027-02-08", validThrough: "2027-02-13" },
      { "@type": "OpeningHoursSpecification", opens: "13:00", closes: "23:59", validFrom: "2027-02-08", validThrough: "2027-02-13" },
    ]);
    expect(listingJsonLd({ ...market, specialHours }, page, site.url, "2027-02-15")).not.toHaveProperty("specialOpeningHoursSpecification");
  });

  it("gathers days with the same hours wherever they fall in the week, and leaves closed days out", () => {
    const range = [{ open: "07:00", close: "12:00" }];
    const spec = openingHoursSpecification({ mon: range, tue: [], wed: range, thu: [], fri: range, sat: [], sun: [] });
    expect(spec).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Wednesday", "Friday"], opens: "07:00", closes: "12:00" },
    ]);
  });
});

describe("blog structured data", () => {
  const post = {
    id: 7,
    title: "Peonies for a June Wedding",
    excerpt: "How to buy and open peonies.",
    category: "Wedding",
    date: "2026-04-20",
    updatedAt: "2026-05-02T10:00:00.000Z",
    image: "/images/blog/peonies.webp",
  };

  it("describes an article written and published by the product, with absolute image and page", () => {
    const article = blogPostingJsonLd(post, site);
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Peonies for a June Wedding",
      description: "How to buy and open peonies.",
      image: ["https://flowers.example.com/images/blog/peonies.webp"],
      datePublished: "2026-04-20",
      dateModified: "2026-05-02T10:00:00.000Z",
      author: { "@type": "Organization", name: "Petal Finder", url: "https://flowers.example.com/" },
      publisher: {
        "@type": "Organization",
        name: "Petal Finder",
        logo: { "@type": "ImageObject", url: "https://flowers.example.com/favicon.svg" },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://flowers.example.com/blog/7" },
      articleSection: "Wedding",
    });
  });

  it("never dates a change before the publication", () => {
    expect(blogPostingJsonLd({ ...post, updatedAt: "2026-01-01T00:00:00.000Z" }, site).dateModified).toBe("2026-04-20");
  });

  it("lists the posts of the blog", () => {
    const blog = blogJsonLd([post, { ...post, id: 8, title: "Second" }], site);
    expect(blog).toMatchObject({ "@type": "Blog", url: "https://flowers.example.com/blog" });
    expect((blog.blogPost as { headline: string; url: string }[]).map(({ headline, url }) => [headline, url])).toEqual([
      ["Peonies for a June Wedding", "https://flowers.example.com/blog/7"],
      ["Second", "https://flowers.example.com/blog/8"],
    ]);
  });
});

describe("ticket prices", () => {
  it("reads free entry as 0 and otherwise the first dollar amount", () => {
    expect(ticketPriceAmount("Free")).toBe("0");
    expect(ticketPriceAmount("Festival free; farm display gardens about $10-$25")).toBe("0");
    expect(ticketPriceAmount("$12-$25; timed tickets sold online")).toBe("12");
    expect(ticketPriceAmount("Included with timed garden admission (about $17.50-$25 for adults)")).toBe("17.50");
    expect(ticketPriceAmount("25 USD at the gate")).toBe("25");
    expect(ticketPriceAmount("Tickets priced individually")).toBeUndefined();
    expect(ticketPriceAmount(undefined)).toBeUndefined();
  });

  it("offers tickets in US dollars only when a price is known", () => {
    expect(ticketOffer("$35-$50 for adults", "https://fest.example.com")).toEqual({
      "@type": "Offer",
      price: "35",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: "https://fest.example.com",
      description: "$35-$50 for adults",
    });
    expect(ticketOffer("Varies by event", "https://fest.example.com")).toBeUndefined();
  });
});

describe("festival events", () => {
  const festival = {
    id: 3,
    name: "Tulip Fest",
    description: "Forty acres of tulips.",
    startDate: "2027-03-20",
    endDate: "2027-04-30",
    location: "Wooden Shoe Tulip Farm",
    city: "Woodburn",
    state: "Oregon",
    image: "/images/festivals/tulips.webp",
    website: "https://tulips.example.com",
    ticketPrice: "$15-$25",
  };

  it("is a scheduled in-person event at its venue with tickets from the organizer", () => {
    expect(roundTrip(festivalEvent(festival, site.url))).toEqual({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Tulip Fest",
      description: "Forty acres of tulips.",
      startDate: "2027-03-20",
      endDate: "2027-04-30",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      image: ["https://flowers.example.com/images/festivals/tulips.webp"],
      url: "https://flowers.example.com/festivals/3",
      location: {
        "@type": "Place",
        name: "Wooden Shoe Tulip Farm",
        address: { "@type": "PostalAddress", addressLocality: "Woodburn", addressRegion: "Oregon", addressCountry: "US" },
      },
      offers: {
        "@type": "Offer",
        price: "15",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "https://tulips.example.com",
        description: "$15-$25",
      },
      organizer: { "@type": "Organization", name: "Tulip Fest", url: "https://tulips.example.com" },
    });
  });

  it("without a website or price, links the offer to its own page and names no organizer", () => {
    const event = festivalEvent({ ...festival, website: undefined, ticketPrice: "Free", image: null }, site.url);
    expect(event.offers).toMatchObject({ price: "0", url: "https://flowers.example.com/festivals/3" });
    expect(event).not.toHaveProperty("organizer");
    expect(event.image).toEqual(["https://flowers.example.com/images/default-flower.webp"]);
    expect(festivalEvent({ ...festival, ticketPrice: undefined }, site.url)).not.toHaveProperty("offers");
  });

  it("lists events in order without repeating the context", () => {
    const list = festivalEventList([festival, { ...festival, id: 4 }], site.url);
    const items = list.itemListElement as { position: number; item: Record<string, unknown> }[];
    expect(items.map((entry) => [entry.position, entry.item.url])).toEqual([
      [1, "https://flowers.example.com/festivals/3"],
      [2, "https://flowers.example.com/festivals/4"],
    ]);
    expect(items[0]?.item).not.toHaveProperty("@context");
    expect(items[0]?.item["@type"]).toBe("Event");
  });
});
