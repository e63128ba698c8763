import type { SeedWholesaler } from "../types";

/**
 * Wholesale flower markets, wholesale florists and grower-wholesalers, plus a
 * couple of public markets famous for their cut-flower stalls.
 *
 * Every entry carries a `// source:` comment: either the stored public page
 * that confirms its name and street address, or "well known" with the reason.
 * Phones, websites and hours appear only where a stored page confirms them;
 * otherwise hours are a cautious hint and the description says to call ahead.
 *
 * Coordinates are left out on purpose: the seed places each entry at the
 * centroid of its zipcode.
 */
export const wholesalers: SeedWholesaler[] = [
  // ── California ──────────────────────────────────────────────────────────
  // source: https://www.marketlosangeles.com/listings/bloom-that/ (754 Wall Street, 90014); phone and website: https://docslib.org/doc/7090404/blooming-in-lompoc
  {
    name: "Original Los Angeles Flower Market",
    address: "754 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Mon-Sat from the small hours for badge holders; public mornings (about 6-8AM to noon) for a small fee; closed Sun",
    description:
      "The grower-founded market of the American Florists' Exchange (1919), with dozens of stalls of roses, greens, tropicals and supplies on Wall Street. Florists with a badge shop first; the public pays a small entry fee after the trade rush, so bring cash and come early for the best choice.",
    phone: "(213) 622-1966",
    website: "https://originallaflowermarket.com",
  },
  // source: https://docslib.org/doc/7090404/blooming-in-lompoc (Bloomin' News 2019: Mellano manages the market at 754 Wall Street); https://labusinessjournal.com/featured/snapshot-mellano-co-still-blooming/ (at the downtown Flower Market since 1925)
  {
    name: "Mellano & Company",
    address: "754 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Wholesale",
    hours: "Mon-Sat early morning with the flower market; call ahead",
    description:
      "Family grower and wholesaler selling in the Los Angeles Flower Market since 1925, known for its own San Diego County greens, eucalyptus and ranunculus alongside imports. A favourite of event florists and Rose Parade float builders who need big quantities of foliage.",
    website: "https://www.mellano.com",
  },
  // source: well known (the Southern California Flower Market's own address, across Wall Street from 754 Wall St, has been 755 Wall St for decades)
  {
    name: "Southern California Flower Market",
    address: "755 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Mon-Sat early morning to about noon; public later in the morning for a small fee",
    description:
      "The market founded by Japanese-American growers in the early 1910s, facing the Original Los Angeles Flower Market across Wall Street. Growers and importers sell from rows of stalls; the public is welcome after the trade hours, and bargaining gets easier near closing time.",
  },
  // source: well known (the California Flower Mall's entrance is at 825 S San Pedro St in the LA Flower District); hours: https://californiaflowermall.com/about-us/
  {
    name: "California Flower Mall",
    address: "825 S San Pedro St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Mon-Sat 4:30AM-4:30PM; Sun 5AM-12PM (extended before Valentine's Day and Mother's Day)",
    description:
      "About 30 family-run vendors under one roof selling cut flowers, tropicals, orchids and potted plants by the bunch. Entry is free for everyone, it is the flower-district market that opens on Sundays, and there is an ATM and parking on site.",
    website: "https://californiaflowermall.com",
  },
  // source: https://localnewsmatters.org/2025/04/20/san-franciscos-famed-flower-market-ready-to-bloom-in-spacious-new-warehouse-facility (new market at 901 16th Street)
  {
    name: "San Francisco Flower Market",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Both",
    hours: "Mon-Sat early morning for badge holders; public later in the morning; call ahead for current public hours",
    description:
      "The Bay Area's grower-founded market, dating from 1912, reopened in 2025 in a new Potrero Hill hall with about 22 wholesalers, growers and supply vendors. Trade buyers need an annual badge; the public can shop once the morning rush is over.",
  },
  // source: https://cafgs.org/news/sfflower-market-bids-farewell (Neve Bros moving to the new market at 901 16th St)
  {
    name: "Neve Bros.",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Both",
    hours: "Mon-Sat with the San Francisco Flower Market; call ahead",
    description:
      "Petaluma rose growers who have sold their own tea and spray roses at the San Francisco Flower Market for generations. Look here for fragrant, locally grown roses that travel far less than imports.",
  },
  // source: https://localnewsmatters.org/2025/04/20/san-franciscos-famed-flower-market-ready-to-bloom-in-spacious-new-warehouse-facility (Mayesh Wholesale is one of the market's 22 vendors at 901 16th Street)
  {
    name: "Mayesh Wholesale Florist - San Francisco",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Wholesale",
    hours: "Mon-Sat early morning with the San Francisco Flower Market; trade accounts",
    description:
      "The San Francisco stall of a Los Angeles-founded wholesaler (1978) that specialises in supplying wedding and event florists, with garden roses and novelty flowers from around the world. Set up a trade account to pre-order for events.",
    website: "https://www.mayesh.com",
  },

  // ── New York ────────────────────────────────────────────────────────────
  // source: well known (Dutch Flower Line's shop at 148 W 28th St in the Flower District); owner Casper Trap on West 28th Street: https://www.fa-mag.com/news/new-york-city-s-flower-district-is-dying-40370.html?section=75&page=3
  {
    name: "Dutch Flower Line",
    address: "148 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat early morning to about noon; call ahead",
    description:
      "A Dutch-run wholesaler in the 28th Street Flower District with flowers from Holland, Colombia, New Zealand and beyond. Event designers shop here at dawn; walk-in customers can usually buy by the bunch later in the morning.",
  },
  // source: well known (G. Page Wholesale Flowers, 120 W 28th St); Gary Page's shop on 28th St: http://visualvamp.blogspot.com/2008/05/g-page-bergdorfs-of-wholesale-flower.html
  {
    name: "G. Page Wholesale Flowers",
    address: "120 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat early morning to about noon; call ahead",
    description:
      "Long-running Flower District wholesaler prized by New York designers for boutique and hard-to-find stems, branches and tropicals. Go early for the best choice and bring a cart; most stock is sold by the bunch.",
  },
  // source: well known (Caribbean Cuts shares 120 W 28th St with G. Page); tropical specialist on 28th St: http://crosspollinationfloral.blogspot.com/2008/09/nyc-tropical-flower-wholesalers.html
  {
    name: "Caribbean Cuts",
    address: "120 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat early morning to about noon; call ahead",
    description:
      "Flower District specialist in tropicals: heliconia, ginger, protea, orchids and dramatic foliage. A go-to for bold, long-lasting arrangements; ask before you buy single stems.",
  },
  // source: well known (US Evergreen, 805 6th Ave, between 27th and 28th streets); on 6th Ave between 27th and 28th streets: https://nyclocalstop.blogspot.com/2009/06/flower-district.html
  {
    name: "US Evergreen",
    address: "805 6th Ave",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat early morning to about noon; call ahead",
    description:
      "Flower District wholesaler known for branches, greens and seasonal cut flowers, with armloads of curly willow, blossoms and holiday greenery. Handy for large installations; walk-ins are generally welcome once the trade has shopped.",
  },
  // source: well known (Superior Florists, 828 6th Ave, a family-run Flower District wholesaler); named among the district's long-running family shops: https://closeoutexplosion.com/products/the-wholesale-flower-district-in-new-york
  {
    name: "Superior Florists",
    address: "828 6th Ave",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat early morning; call ahead",
    description:
      "One of the family-run Flower District shops that have traded for more than half a century, with cut flowers, greens and seasonal stock. Ask for the bunch price and go early for the widest selection.",
  },
  // source: well known (GrowNYC's Union Square Greenmarket, E 17th St & Union Square W)
  {
    name: "Union Square Greenmarket",
    address: "E 17th St & Union Square W",
    city: "New York",
    stateCode: "NY",
    zipcode: "10003",
    type: "Retail",
    hours: "Mon, Wed, Fri & Sat, morning to early evening (seasonal flower stands vary)",
    description:
      "This is a public farmers market, not a wholesaler, but its regional flower growers sell seasonal cut flowers straight from the farm. Come in spring and summer for the widest choice of local stems at farm prices.",
    website: "https://www.grownyc.org/greenmarket",
  },

  // ── Texas ───────────────────────────────────────────────────────────────
  // source: https://pikespeakfloral.com/about/ (Pikes Peak of Houston, 4340 Directors Row, Houston, Texas 77092)
  {
    name: "Pikes Peak of Houston",
    address: "4340 Directors Row",
    city: "Houston",
    stateCode: "TX",
    zipcode: "77092",
    type: "Wholesale",
    hours: "Weekdays from early morning, Sat mornings; trade accounts, call ahead",
    description:
      "Headquarters of Pikes Peak of Texas, a wholesale florist serving retail florists, event planners, churches and schools since 1978. Fresh flowers, supplies and design education under one roof; bring your resale certificate.",
    website: "https://pikespeakfloral.com",
  },
  // source: https://pikespeakfloral.com/about/ (Pikes Peak of Austin, 10405-F Metric Blvd, Austin, Texas 78758)
  {
    name: "Pikes Peak of Austin",
    address: "10405-F Metric Blvd",
    city: "Austin",
    stateCode: "TX",
    zipcode: "78758",
    type: "Wholesale",
    hours: "Weekdays from early morning, Sat mornings; trade accounts, call ahead",
    description:
      "Austin branch of the Pikes Peak of Texas wholesale florist, supplying Central Texas florists and event designers with fresh flowers and floral supplies. Trade accounts only; call ahead for holiday pre-orders.",
    website: "https://pikespeakfloral.com",
  },
  // source: https://pikespeakfloral.com/about/ (Pikes Peak of Dallas, 1123 Conveyor Lane, Dallas, Texas 75247)
  {
    name: "Pikes Peak of Dallas",
    address: "1123 Conveyor Ln",
    city: "Dallas",
    stateCode: "TX",
    zipcode: "75247",
    type: "Wholesale",
    hours: "Weekdays from early morning, Sat mornings; trade accounts, call ahead",
    description:
      "Dallas branch of Pikes Peak of Texas, stocking roses, greens, plants and supplies for North Texas florists. Trade accounts only; order early before Valentine's Day and Mother's Day.",
    website: "https://pikespeakfloral.com",
  },

  // ── Louisiana ───────────────────────────────────────────────────────────
  // source: https://pikespeakfloral.com/about/ (Pikes Peak of New Orleans, 5418 Powell Street, New Orleans, Louisiana 70123)
  {
    name: "Pikes Peak of New Orleans",
    address: "5418 Powell St",
    city: "New Orleans",
    stateCode: "LA",
    zipcode: "70123",
    type: "Wholesale",
    hours: "Weekdays from early morning, Sat mornings; trade accounts, call ahead",
    description:
      "The company's second store, open since 1980 and serving Gulf Coast florists through Mardi Gras, weddings and holiday seasons. Trade accounts only; order early for Mardi Gras.",
    website: "https://pikespeakfloral.com",
  },

  // ── Washington ──────────────────────────────────────────────────────────
  // source: http://agbizcenter.org/blog/2011/07/seattle-wholesale-growers-market-gathers-steam/ (5840 Airport Way South, Seattle); current hours: https://seattlewholesalegrowersmarket.com/become-a-grower/
  {
    name: "Seattle Wholesale Growers Market",
    address: "5840 Airport Way S",
    city: "Seattle",
    stateCode: "WA",
    zipcode: "98108",
    type: "Both",
    hours: "Wholesale buyers Mon-Fri; public retail hours Tue & Fri 10AM-1PM",
    description:
      "A farmer-owned cooperative in the old Rainier Brewery building where Washington, Oregon and Alaska flower farms sell local peonies, dahlias, sweet peas and greens. Trade buyers need a reseller permit; the public may shop during the weekly retail hours.",
    website: "https://seattlewholesalegrowersmarket.com",
  },
  // source: well known (Pike Place Market's main entrance, 85 Pike St)
  {
    name: "Pike Place Market",
    address: "85 Pike St",
    city: "Seattle",
    stateCode: "WA",
    zipcode: "98101",
    type: "Retail",
    hours: "Daily; flower stalls keep daytime hours, call ahead",
    description:
      "This is a public market, not a wholesaler, but its row of farmer flower stalls is famous for huge mixed bouquets at low prices. Come early in the day for the best bunches.",
    website: "https://www.pikeplacemarket.org",
  },

  // ── Illinois ────────────────────────────────────────────────────────────
  // source: well known (Kennicott Brothers' Chicago headquarters at 452 N Ashland Ave); history and Chicago base: https://www.kennicott.com/about-us/
  {
    name: "Kennicott Brothers Company",
    address: "452 N Ashland Ave",
    city: "Chicago",
    stateCode: "IL",
    zipcode: "60622",
    type: "Wholesale",
    hours: "Weekdays from early morning, Sat mornings; trade accounts, call ahead",
    description:
      "One of the oldest wholesale florists in the country, founded in downtown Chicago in 1881 and now employee-owned. Florists with a resale licence can shop its cash-and-carry cooler for roses, tropicals and greens.",
    website: "https://www.kennicott.com",
  },

  // ── Massachusetts ───────────────────────────────────────────────────────
  // source: http://chelsearecord.com/2017/01/06/chelsea-gardensboston-flower-exchange-will-be-relocating-to-chelsea-in-january/ (lease at 260 Second St, Chelsea)
  {
    name: "New England Flower Exchange",
    address: "260 Second St",
    city: "Chelsea",
    stateCode: "MA",
    zipcode: "02150",
    type: "Wholesale",
    hours: "Mon-Sat early morning to about noon; trade only, call ahead",
    description:
      "The former Boston Flower Exchange, a growers' market founded in 1909, moved here in 2017 and houses about nine wholesalers under one roof. It serves florists from all over New England and is open to the trade only.",
  },
  // source: https://everettindependent.com/2018/02/15/the-rose-rush-is-onvalentines-day-at-new-flower-exchange-on-second-street-is-a-better-experience-for-buyers/ (Cupp & Cupp Corp at the New England Flower Exchange on Second Street); 260 Second St: http://chelsearecord.com/2017/01/06/chelsea-gardensboston-flower-exchange-will-be-relocating-to-chelsea-in-january/
  {
    name: "Cupp & Cupp Corp",
    address: "260 Second St",
    city: "Chelsea",
    stateCode: "MA",
    zipcode: "02150",
    type: "Wholesale",
    hours: "Mon-Sat early morning with the New England Flower Exchange; trade only",
    description:
      "Long-standing wholesaler inside the New England Flower Exchange, whose owner holds the master lease on the building. Expect a full range of cut flowers and roses for the trade; order early before Valentine's Day.",
  },

  // ── New Jersey ──────────────────────────────────────────────────────────
  // source: https://bouqs.com/local/newark-nj (Main Wholesale Florist Inc, 27 Styertowne Rd, Clifton, NJ 07012)
  {
    name: "Main Wholesale Florist",
    address: "27 Styertowne Rd",
    city: "Clifton",
    stateCode: "NJ",
    zipcode: "07012",
    type: "Wholesale",
    hours: "Weekdays from early morning; trade accounts, call ahead",
    description:
      "Wholesale florist serving retail shops in New Jersey, New York and Connecticut with fresh cut flowers, including California-grown stems. Florists with a tax ID can also order online for next-day delivery.",
    website: "https://www.mainwholesaleflorist.com",
  },
  // source: well known (DVFlora's Sewell headquarters at 520 Mantua Blvd); Sewell HQ: https://safnow.org/2016/06/25/delaware-valley-floral-group-opens-new-floral-supply-logistics-center/
  {
    name: "DVFlora",
    address: "520 Mantua Blvd",
    city: "Sewell",
    stateCode: "NJ",
    zipcode: "08080",
    type: "Wholesale",
    hours: "Weekdays from early morning; trade accounts, call ahead",
    description:
      "Founded in 1959 as Delaware Valley Wholesale Florist, now one of the largest floral distributors in the country, trucking fresh flowers to thousands of florists from Maine to the Carolinas. Trade accounts only; most customers order through a sales rep or online.",
    website: "https://www.dvflora.com",
  },

  // ── Michigan ────────────────────────────────────────────────────────────
  // source: https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html (DWF ad: Flint, 5100 Exchange Dr., Flint, MI 48507, 810-733-5100)
  {
    name: "DWF Wholesale Florists - Flint",
    address: "5100 Exchange Dr",
    city: "Flint",
    stateCode: "MI",
    zipcode: "48507",
    type: "Wholesale",
    hours: "Weekdays from early morning; trade accounts, call ahead",
    description:
      "Michigan branch of DWF, the employee-owned wholesaler that began as a Denver growers' partnership in 1909. Supplies florists with fresh flowers, plants and seasonal holiday stock; trade accounts only.",
    phone: "(810) 733-5100",
    website: "https://www.dwfwholesale.com",
  },

  // ── Wisconsin ───────────────────────────────────────────────────────────
  // source: https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html (DWF ad: Milwaukee, 425 W. Walnut, Milwaukee, WI 53212, 414-263-8400)
  {
    name: "DWF Wholesale Florists - Milwaukee",
    address: "425 W Walnut St",
    city: "Milwaukee",
    stateCode: "WI",
    zipcode: "53212",
    type: "Wholesale",
    hours: "Weekdays from early morning; trade accounts, call ahead",
    description:
      "Milwaukee branch of the employee-owned DWF wholesale network, stocking cut flowers, greens and blooming plants for Wisconsin florists. Trade accounts only; call for holiday pre-book deadlines.",
    phone: "(414) 263-8400",
    website: "https://www.dwfwholesale.com",
  },

  // ── Ohio ────────────────────────────────────────────────────────────────
  // source: https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html (DWF ad: Toledo, 9000 Harmon Parkway, Rossford, OH 43460, 419-241-7241)
  {
    name: "DWF Wholesale Florists - Toledo",
    address: "9000 Harmon Pkwy",
    city: "Rossford",
    stateCode: "OH",
    zipcode: "43460",
    type: "Wholesale",
    hours: "Weekdays from early morning; trade accounts, call ahead",
    description:
      "DWF's Toledo-area branch, serving northwest Ohio and southeast Michigan florists with fresh flowers and supplies. Trade accounts only; ask your sales rep about standing weekly orders.",
    phone: "(419) 241-7241",
    website: "https://www.dwfwholesale.com",
  },

  // ── Minnesota ───────────────────────────────────────────────────────────
  // source: https://issuu.com./koehlerdramm/docs/tropicals-guide-2017 (2407 East Hennepin Avenue, Minneapolis, MN 55413; 612-331-4141; hours; not open to the general public)
  {
    name: "Koehler & Dramm Wholesale Florist",
    address: "2407 E Hennepin Ave",
    city: "Minneapolis",
    stateCode: "MN",
    zipcode: "55413",
    type: "Wholesale",
    hours: "Mon-Thu 7AM-5PM; Fri 7AM-4:30PM; Sat 7AM-12PM; Sun 8AM-1PM",
    description:
      "Upper Midwest wholesaler founded in 1955, on East Hennepin since 1990, with one of the largest flower coolers in the region plus plants, supplies and a floristry school. It is not open to the general public; florists need a trade account.",
    phone: "(612) 331-4141",
    website: "https://koehlerdramm.com",
  },
];
