import type { SeedGroceryStore } from "../types";

/** What each chain sells (description) and how to shop it (tips), kept apart for the chain's own page. */
export const groceryStores: SeedGroceryStore[] = [
  {
    name: "Trader Joe's",
    description:
      "Trader Joe's is a go-to for cheap weekly flowers: mixed bouquets, 10-stem tulip bunches, roses, hydrangeas, sunflowers and seasonal peonies, plus potted orchids that regularly undercut florist prices.",
    tips: "Deliveries arrive several times a week and popular items sell out, so shop early in the day; there is no online or bulk ordering, so for a party ask your store's crew well ahead whether they can hold extra bunches. Expect about a week of vase life from tulips and roses, and longer from alstroemeria, carnations and mums.",
    priceRange: "$4-$15",
    bestFor: "Cheap weekly bouquets, tulips and potted orchids",
  },
  {
    name: "Costco",
    description:
      "Costco warehouses sell two-dozen rose bunches, oversized mixed bouquets and potted orchids at bulk-friendly prices, with the biggest selection around Valentine's Day and Mother's Day. For DIY weddings and events, Costco.com offers boxes of 50 to several hundred stems (roses, hydrangeas, spray roses, greenery and ready-to-assemble wedding packages) shipped from the grower.",
    tips: "Order online boxes a week or two ahead and schedule delivery two to three days before the event so the blooms can open. A membership is required, and recut, well-hydrated roses typically last five to seven days.",
    priceRange: "$15-$30",
    bestFor: "Bulk roses and DIY wedding flower boxes",
  },
  {
    name: "Sam's Club",
    description:
      "Sam's Club carries dozen and two-dozen rose bunches, mixed bouquets and seasonal potted plants in the club, and SamsClub.com sells bulk boxes of roses, carnations, hydrangeas, mini calla lilies and greenery for weddings, showers and church events.",
    tips: "Order bulk boxes about one to two weeks ahead, and plan a day to unpack, recut and hydrate the stems before arranging. A membership is required and in-club selection varies by location.",
    priceRange: "$10-$25",
    bestFor: "Bulk stems for DIY events on a budget",
  },
  {
    name: "Aldi",
    description:
      "Aldi's small floral display has some of the lowest prices anywhere: mixed bouquets, tulip and sunflower bunches, roses around Valentine's Day and Mother's Day, and spring potted plants such as orchids, hydrangeas and mini roses.",
    tips: "Stock is limited and rotates with the weekly ad and Aldi Finds, so there is no pre-ordering; buy a day or two before you need the flowers and pick bunches with tight buds. Recut the stems at home and most bouquets last five to seven days.",
    priceRange: "$4-$13",
    bestFor: "Rock-bottom everyday bouquets",
  },
  {
    name: "Whole Foods Market",
    description:
      "Whole Foods Market's floral departments focus on responsibly sourced flowers, with many bouquets carrying Fair Trade or Rainforest Alliance certification, alongside single-variety bunches, seasonal peonies and dahlias, and potted plants.",
    tips: "Many stores have florists who build custom arrangements or quote bulk stems for showers and small weddings if you order about a week ahead, and Amazon Prime members often get extra flower discounts around holidays. Quality is high, and bouquets commonly last a week or more.",
    priceRange: "$8-$35",
    bestFor: "Eco-certified bouquets and custom arrangements",
  },
  {
    name: "Kroger",
    description:
      "Kroger and its sister chains (Ralphs, Fred Meyer, King Soopers, Fry's, Smith's and others) run floral departments with grab-and-go bouquets, roses by the dozen, potted plants and balloons, and many stores have full-service florists who take custom orders for corsages, centerpieces and wedding or sympathy work.",
    tips: "Place event orders at least one to two weeks ahead. Digital coupons and weekly sales often bring a dozen roses or a mixed bouquet down to bargain prices.",
    priceRange: "$5-$30",
    bestFor: "Custom arrangements and coupon deals on roses",
  },
  {
    name: "Safeway",
    description:
      "Safeway and its Albertsons Companies sister stores (Vons, Jewel-Osco, Albertsons, Acme and others) sell bouquets, roses and potted plants in most locations, and many have floral counters that make arrangements to order.",
    tips: "Digital deals in the Safeway for U program regularly discount bouquets, and the floral department can often order extra bunches of roses or filler for events if you ask about a week ahead. Freshness varies by store, so check stems and water and choose bunches with tight buds.",
    priceRange: "$6-$30",
    bestFor: "Loyalty-app deals on everyday bouquets",
  },
  {
    name: "Publix",
    description:
      "Publix floral departments are a Southeastern favorite, with florist-designed arrangements, fresh bouquets, roses, orchids and seasonal potted plants in most stores, and in-store florists who take orders for centerpieces, corsages, boutonnieres and wedding flowers.",
    tips: "Order a week or more ahead for events and larger quantities. Arrangements are generally well conditioned and hold up about a week with fresh water.",
    priceRange: "$6-$40",
    bestFor: "Custom arrangements and event flowers in the Southeast",
  },
  {
    name: "Wegmans",
    description:
      "Wegmans stores across the Northeast, Mid-Atlantic and North Carolina have large floral departments with bouquets, roses, single-variety bunches and an extensive potted-plant selection, and florists who design arrangements for parties and weddings and can order bulk stems.",
    tips: "Plan one to two weeks ahead for events. Flowers are well conditioned, and bouquets often last a week or more.",
    priceRange: "$6-$35",
    bestFor: "High-quality bouquets and event florals",
  },
  {
    name: "H-E-B",
    description:
      "H-E-B floral departments across Texas carry bouquets, roses, sunflowers and potted plants, and many stores have designers who make custom arrangements for weddings, quinceaneras and graduations.",
    tips: "Give the floral team at least a week for event quantities, and longer around Valentine's Day and Mother's Day. High turnover keeps flowers fresh, and prices are among the best in Texas.",
    priceRange: "$5-$30",
    bestFor: "Texas shoppers needing bouquets and event flowers",
  },
];
