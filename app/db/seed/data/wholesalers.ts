import type { SeedWholesaler } from "../types";

/**
 * Wholesale flower markets, wholesale florists and grower-wholesalers, plus a
 * couple of public markets famous for their cut-flower stalls.
 *
 * Every entry carries a `// source:` comment: either the stored public page
 * that confirms its name and street address, or "well known" with the reason.
 * The `source` field repeats those pages (admin-only). Phones, websites and
 * hours appear only where a stored page confirms them; the older entries give
 * a cautious hours hint, the entries added from the verified list
 * (shared/data/wholesalers-verified.json) leave `hours` empty when no source
 * gives them. `access`, `openingHours` and `verifiedAt` are set only where the
 * entry's source says who may buy, lists day-by-day hours, or is dated.
 *
 * Coordinates are left out on purpose: the seed places each entry at the
 * centroid of its zipcode. Where no source gives the zipcode, it is the city's
 * zipcode nearest the city's center and `locationApproximate` is set.
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
    verifiedAt: "2019-04-01",
    source: "https://www.marketlosangeles.com/listings/bloom-that/; https://docslib.org/doc/7090404/blooming-in-lompoc",
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
      "Family grower and wholesaler selling in the Los Angeles Flower Market since 1925, known for its own San Diego County greens, eucalyptus and ranunculus alongside imports. A favorite of event florists and Rose Parade float builders who need big quantities of foliage.",
    website: "https://www.mellano.com",
    verifiedAt: "2019-04-01",
    source: "https://docslib.org/doc/7090404/blooming-in-lompoc; https://labusinessjournal.com/featured/snapshot-mellano-co-still-blooming/",
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
    source: "well known: the Southern California Flower Market's own address, across Wall Street from 754 Wall St, has been 755 Wall St for decades",
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
    access: "public-welcome",
    accessNote: "Admission is free to everyone",
    openingHours: {
      mon: [{ open: "04:30", close: "16:30" }],
      tue: [{ open: "04:30", close: "16:30" }],
      wed: [{ open: "04:30", close: "16:30" }],
      thu: [{ open: "04:30", close: "16:30" }],
      fri: [{ open: "04:30", close: "16:30" }],
      sat: [{ open: "04:30", close: "16:30" }],
      sun: [{ open: "05:00", close: "12:00" }],
    },
    source: "well known: the California Flower Mall's entrance is at 825 S San Pedro St in the LA Flower District; hours and admission: https://californiaflowermall.com/about-us/",
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
    verifiedAt: "2025-04-20",
    source: "https://localnewsmatters.org/2025/04/20/san-franciscos-famed-flower-market-ready-to-bloom-in-spacious-new-warehouse-facility",
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
    source: "https://cafgs.org/news/sfflower-market-bids-farewell",
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
      "The San Francisco stall of a Los Angeles-founded wholesaler (1978) that specializes in supplying wedding and event florists, with garden roses and novelty flowers from around the world. Set up a trade account to pre-order for events.",
    website: "https://www.mayesh.com",
    verifiedAt: "2025-04-20",
    source: "https://localnewsmatters.org/2025/04/20/san-franciscos-famed-flower-market-ready-to-bloom-in-spacious-new-warehouse-facility",
  },
  // source: https://lindavistaupdate.substack.com/p/wholesale-flowers-in-linda-vista (5305 Metro Street, off Linda Vista Road; about 30-40% of sales to florists and 60-70% to the public); zip not given by any stored page: 92112 is the San Diego zipcode nearest the city's center (Wikipedia's coordinate for San Diego, 32.715, -117.1625), so locationApproximate
  {
    name: "Wholesale Flowers and Supplies",
    address: "5305 Metro St",
    city: "San Diego",
    stateCode: "CA",
    zipcode: "92112",
    type: "Both",
    hours: "",
    description:
      "A Linda Vista flower warehouse tucked off Linda Vista Road that sells to florists and walk-in shoppers alike. By the store's own estimate, most of its sales, around 60-70%, go to the public rather than the trade.",
    access: "public-welcome",
    accessNote: "Most sales (about 60-70%) are to the public",
    source: "https://lindavistaupdate.substack.com/p/wholesale-flowers-in-linda-vista",
    locationApproximate: true,
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
    source: "well known: Dutch Flower Line's shop at 148 W 28th St in the Flower District; owner Casper Trap on West 28th Street: https://www.fa-mag.com/news/new-york-city-s-flower-district-is-dying-40370.html?section=75&page=3",
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
    verifiedAt: "2008-05-20",
    source: "well known: G. Page Wholesale Flowers, 120 W 28th St; Gary Page's shop on 28th St: http://visualvamp.blogspot.com/2008/05/g-page-bergdorfs-of-wholesale-flower.html",
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
    verifiedAt: "2008-09-01",
    source: "well known: Caribbean Cuts shares 120 W 28th St with G. Page; tropical specialist on 28th St: http://crosspollinationfloral.blogspot.com/2008/09/nyc-tropical-flower-wholesalers.html",
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
    verifiedAt: "2009-06-27",
    source: "well known: US Evergreen, 805 6th Ave, between 27th and 28th streets; on 6th Ave between 27th and 28th streets: https://nyclocalstop.blogspot.com/2009/06/flower-district.html",
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
    source: "well known: Superior Florists, 828 6th Ave, a family-run Flower District wholesaler; named among the district's long-running family shops: https://closeoutexplosion.com/products/the-wholesale-flower-district-in-new-york",
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
    source: "well known: GrowNYC's Union Square Greenmarket, E 17th St & Union Square W",
  },
  // source: http://buffalonews.com/2018/02/09/100-things-a-valentines-day-visit-to-the-florist/ (Maureen's Wholesale Flower Market, downtown at 441 Ellicott St; people come in to wander); still operating in 2024: https://www.wkbw.com/news/local-news/buffalo/its-our-busiest-year-ever-maureens-flower-market-helping-spread-the-love-this-valentines-day; zip not given by any stored page: 14205 is the Buffalo zipcode nearest the city's center (Buffalo City Hall, 42.8866, -78.8793), so locationApproximate
  {
    name: "Maureen's Buffalo Wholesale Flower Market",
    address: "441 Ellicott St",
    city: "Buffalo",
    stateCode: "NY",
    zipcode: "14205",
    type: "Both",
    hours: "",
    description:
      "A downtown Buffalo flower emporium with a warehouse feel, where shoppers are welcome to wander among buckets of fresh flowers. Proprietor Maureen Bartley's shop also sells cash-and-carry roses to the public.",
    access: "public-welcome",
    accessNote: "Walk-in shoppers welcome; cash-and-carry roses",
    verifiedAt: "2018-02-09",
    source: "http://buffalonews.com/2018/02/09/100-things-a-valentines-day-visit-to-the-florist/; still operating in 2024: https://www.wkbw.com/news/local-news/buffalo/its-our-busiest-year-ever-maureens-flower-market-helping-spread-the-love-this-valentines-day",
    locationApproximate: true,
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
    source: "https://pikespeakfloral.com/about/",
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
    source: "https://pikespeakfloral.com/about/",
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
    source: "https://pikespeakfloral.com/about/",
  },
  // source: https://cotcaustin.org/e-news/2016/1/15/parish-people-and-places (Bill Doran Company, a wholesale florist, at 2006 Gaston Pl Dr in Windsor Park since 1994; sells mainly to retail and event florists and grocery stores); zip not given by any stored page: 78713 is the Austin zipcode nearest the city's center (Austin City Hall, 30.2649, -97.7472), so locationApproximate
  {
    name: "Bill Doran Company - Austin",
    address: "2006 Gaston Pl Dr",
    city: "Austin",
    stateCode: "TX",
    zipcode: "78713",
    type: "Wholesale",
    hours: "",
    description:
      "Windsor Park branch of the Bill Doran Company, a wholesale florist that has traded from this address since 1994. It sells mainly to retail and special-event florists and to grocery stores across Central Texas.",
    verifiedAt: "2016-01-15",
    source: "https://cotcaustin.org/e-news/2016/1/15/parish-people-and-places",
    locationApproximate: true,
  },
  // source: https://www.ktsm.com/news/borderland-spotlight-how-local-florist-distributes-to-dozens-of-flower-shops/ (Lulu's Flowers on 7872 North Loop distributes flowers from the state of Mexico to dozens of Borderland flower shops); zip not given by any stored page: 79941 is the El Paso zipcode nearest the city's center (Wikipedia's coordinate for El Paso, 31.7592, -106.4902), so locationApproximate
  {
    name: "Lulu's Flowers",
    address: "7872 North Loop",
    city: "El Paso",
    stateCode: "TX",
    zipcode: "79941",
    type: "Wholesale",
    hours: "",
    description:
      "A flower distributor, in business since 2017, that brings cut flowers from the state of Mexico to El Paso and supplies dozens of flower shops across the Borderland from its warehouse on North Loop.",
    source: "https://www.ktsm.com/news/borderland-spotlight-how-local-florist-distributes-to-dozens-of-flower-shops/",
    locationApproximate: true,
  },
  // source: https://eadohouston.com/news/greenleaf-florists-eado/ (Greenleaf, the wholesale floral shop at 2112 Leeland Street; corporate headquarters and flagship store); zip not given by any stored page: 77052 is the Houston zipcode nearest the city's center (Houston City Hall, 29.7602, -95.3694), so locationApproximate
  {
    name: "Greenleaf Wholesale Florist - Houston",
    address: "2112 Leeland St",
    city: "Houston",
    stateCode: "TX",
    zipcode: "77052",
    type: "Wholesale",
    hours: "",
    description:
      "Headquarters and flagship store of Greenleaf Wholesale Florist in Houston's EaDo district, a grower and distributor founded in 1955 to move the crops of Kitayama Brothers Farm that now ships flowers all over the United States.",
    source: "https://eadohouston.com/news/greenleaf-florists-eado/",
    locationApproximate: true,
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
    source: "https://pikespeakfloral.com/about/",
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
    access: "public-hours",
    accessNote: "Trade buyers need a reseller's permit; public retail hours Tue & Fri 10AM-1PM",
    source: "http://agbizcenter.org/blog/2011/07/seattle-wholesale-growers-market-gathers-steam/; current hours: https://seattlewholesalegrowersmarket.com/become-a-grower/",
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
    source: "well known: Pike Place Market's main entrance, 85 Pike St",
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
      "One of the oldest wholesale florists in the country, founded in downtown Chicago in 1881 and now employee-owned. Florists with a resale license can shop its cash-and-carry cooler for roses, tropicals and greens.",
    website: "https://www.kennicott.com",
    source: "well known: Kennicott Brothers' Chicago headquarters at 452 N Ashland Ave; history and Chicago base: https://www.kennicott.com/about-us/",
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
    verifiedAt: "2017-01-06",
    source: "http://chelsearecord.com/2017/01/06/chelsea-gardensboston-flower-exchange-will-be-relocating-to-chelsea-in-january/",
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
    verifiedAt: "2018-02-15",
    source: "https://everettindependent.com/2018/02/15/the-rose-rush-is-onvalentines-day-at-new-flower-exchange-on-second-street-is-a-better-experience-for-buyers/; 260 Second St: http://chelsearecord.com/2017/01/06/chelsea-gardensboston-flower-exchange-will-be-relocating-to-chelsea-in-january/",
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
    source: "https://bouqs.com/local/newark-nj",
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
    verifiedAt: "2016-06-25",
    source: "well known: DVFlora's Sewell headquarters at 520 Mantua Blvd; Sewell HQ: https://safnow.org/2016/06/25/delaware-valley-floral-group-opens-new-floral-supply-logistics-center/",
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
    source: "https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html",
  },
  // source: https://miflowercoop.com/ (members sell wholesale flowers to florists, floral designers and distributors; Robert C. Barnes Sr. Marketplace Hall, 16 South Washington, Ypsilanti, MI 48197; Wednesdays 8 AM - 11 AM, April 11 - October 24)
  {
    name: "Michigan Flower Growers' Cooperative",
    address: "16 S Washington",
    city: "Ypsilanti",
    stateCode: "MI",
    zipcode: "48197",
    type: "Wholesale",
    hours: "Wednesdays 8AM-11AM in season (the co-op's page lists April to October; check the current dates)",
    description:
      "A cooperative of Michigan flower growers whose members sell wholesale flowers, foliage and ornamentals to florists, floral designers and distributors at a weekly Wednesday-morning market in Ypsilanti's Robert C. Barnes Sr. Marketplace Hall.",
    website: "https://miflowercoop.com",
    source: "https://miflowercoop.com/",
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
    source: "https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html",
  },
  // source: https://rojahnmalaney.com/additional-information-about-our-closing/ (Karthauser & Sons, Inc., a floral wholesaler in Germantown, W147 N11100 Fond du Lac Avenue, Germantown, WI 53022, (262) 255-7815 or (800) 338-8620)
  {
    name: "Karthauser & Sons, Inc.",
    address: "W147 N11100 Fond du Lac Ave",
    city: "Germantown",
    stateCode: "WI",
    zipcode: "53022",
    type: "Wholesale",
    hours: "",
    description:
      "Germantown floral wholesaler that Milwaukee's Rojahn & Malaney pointed its customers to as their local supplier when it closed in 2021. A toll-free line, (800) 338-8620, is listed alongside the main number.",
    phone: "(262) 255-7815",
    verifiedAt: "2021-08-25",
    source: "https://rojahnmalaney.com/additional-information-about-our-closing/",
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
    source: "https://fdocuments.in/document/the-professional-great-lakes-floral-association-a-wp-content-a-3-1152.html",
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
    access: "trade-only",
    accessNote: "Not open to the general public",
    openingHours: {
      mon: [{ open: "07:00", close: "17:00" }],
      tue: [{ open: "07:00", close: "17:00" }],
      wed: [{ open: "07:00", close: "17:00" }],
      thu: [{ open: "07:00", close: "17:00" }],
      fri: [{ open: "07:00", close: "16:30" }],
      sat: [{ open: "07:00", close: "12:00" }],
      sun: [{ open: "08:00", close: "13:00" }],
    },
    source: "https://issuu.com./koehlerdramm/docs/tropicals-guide-2017",
  },
  // source: https://www.perishablenews.com/floral/mayesh-is-opening-in-the-twin-cities/ (Mayesh acquires Twin Cities Flower Exchange; the newest Mayesh branch at 341 NE Wilson St, Minneapolis, MN 55413)
  {
    name: "Mayesh Wholesale Florist - Twin Cities",
    address: "341 NE Wilson St",
    city: "Minneapolis",
    stateCode: "MN",
    zipcode: "55413",
    type: "Wholesale",
    hours: "",
    description:
      "Minneapolis branch of Mayesh Wholesale Florist, announced in a 2023 press release when Mayesh acquired the Twin Cities Flower Exchange. Florists who bought from the exchange can find the new branch on NE Wilson Street.",
    source: "https://www.perishablenews.com/floral/mayesh-is-opening-in-the-twin-cities/",
  },

  // ── Hawaii ──────────────────────────────────────────────────────────────
  // source: http://www.hawaiinewsnow.com/story/8695109/watanabe-floral-is-pulling-up-its-roses/ (the floral store on 1607 Hart Street in Honolulu will remain open; undated); wholesale and retail: http://www.watanabefloral.com/about/; still in business: https://www.kitv.com/island-life/business/best-of-hawaii-watanabe-floral-inc/article_2c52caa4-f71d-11ec-ae63-8b8cd6da3686.html (2022), https://www.khon2.com/living-808/celebrate-mothers-day-with-free-flower-delivery-may-8-9/ (2023); zip not given by any stored page: 96803 is the Honolulu zipcode nearest the city's center (Honolulu Hale, 21.3053, -157.8569), so locationApproximate
  {
    name: "Watanabe Floral",
    address: "1607 Hart St",
    city: "Honolulu",
    stateCode: "HI",
    zipcode: "96803",
    type: "Both",
    hours: "",
    description:
      "Honolulu floral company that added a wholesale division to its rose-growing roots and later began selling directly to the general public. It has since stopped growing roses on the Big Island, but its Hart Street store stayed open.",
    // The sources give the domain with http://; the site links to other sites only over https.
    website: "https://www.watanabefloral.com",
    source: "http://www.hawaiinewsnow.com/story/8695109/watanabe-floral-is-pulling-up-its-roses/; http://www.watanabefloral.com/about/; https://www.kitv.com/island-life/business/best-of-hawaii-watanabe-floral-inc/article_2c52caa4-f71d-11ec-ae63-8b8cd6da3686.html; https://www.khon2.com/living-808/celebrate-mothers-day-with-free-flower-delivery-may-8-9/",
    locationApproximate: true,
  },

  // ── Indiana ─────────────────────────────────────────────────────────────
  // source: https://www.wane.com/news/local-news/take-a-look-inside-the-fort-wayne-wholesale-florist-thatll-distribute-1-million-flowers-this-valentines-day/ (Gassafy Wholesale Florist at 310 Racquet Drive, off East Ludwig Road; family-owned since 1962); zip not given by any stored page: 46802 is the Fort Wayne zipcode nearest the city's center (Wikipedia's coordinate for Fort Wayne, 41.0806, -85.1392), so locationApproximate
  {
    name: "Gassafy Wholesale Florist",
    address: "310 Racquet Dr",
    city: "Fort Wayne",
    stateCode: "IN",
    zipcode: "46802",
    type: "Wholesale",
    hours: "",
    description:
      "Family-owned flower importer and distributor that has supplied Fort Wayne since 1962, sending flowers to flower shops and event planners within a 500 to 600-mile radius from its base off East Ludwig Road.",
    source: "https://www.wane.com/news/local-news/take-a-look-inside-the-fort-wayne-wholesale-florist-thatll-distribute-1-million-flowers-this-valentines-day/",
    locationApproximate: true,
  },

  // ── Iowa ────────────────────────────────────────────────────────────────
  // source: https://bouqs.com/local/des-moines-ia (Bill Doran Company, 33 Clark St, Des Moines, IA 50314); a floral wholesaler: https://www.perishablenews.com/floral/insights-from-a-floral-wholesaler/
  {
    name: "Bill Doran Company",
    address: "33 Clark St",
    city: "Des Moines",
    stateCode: "IA",
    zipcode: "50314",
    type: "Wholesale",
    hours: "",
    description:
      "Des Moines location of the Bill Doran Company, a floral wholesaler whose other locations include Austin and San Antonio, Texas, and whose president, Bill LaFever, has been featured in the floral trade press.",
    source: "https://bouqs.com/local/des-moines-ia; https://www.perishablenews.com/floral/insights-from-a-floral-wholesaler/",
  },

  // ── Kansas ──────────────────────────────────────────────────────────────
  // source: http://www.kansas.com/news/business/article1133911.html (Wichita Eagle, Feb. 2014: Valley Floral, 4619 N. Arkansas, the state's largest independent floral wholesaler); zip not given by any stored page: 67202 is the Wichita zipcode nearest the city's center (Wikipedia's coordinate for Wichita, 37.6889, -97.3361), so locationApproximate
  {
    name: "Valley Floral",
    address: "4619 N Arkansas",
    city: "Wichita",
    stateCode: "KS",
    zipcode: "67202",
    type: "Wholesale",
    hours: "",
    description:
      "Described by the Wichita Eagle in 2014 as the largest independent floral wholesaler in Kansas, supplying about 500 florists across western Kansas and northern Oklahoma from its base on North Arkansas.",
    verifiedAt: "2014-02-09",
    source: "http://www.kansas.com/news/business/article1133911.html",
    locationApproximate: true,
  },

  // ── Maryland ────────────────────────────────────────────────────────────
  // source: https://savagemill.com/merchants/chesapeake-flower-exchange (Chesapeake Flower Exchange, Cotton Shed, hours by appointment only); Savage Mill at 8600 Foundry Street: https://www.koonsclarksvillechevybuickgmc.com/blogs/4775/learn-explore-and-shop-when-you-visit-savage-mill; zip: Savage Mill, Savage, MD 20763: https://rob-tom-dolly-franklin.blogspot.com/2022/04/brads-visit-part-2-historic-savage-mill.html
  {
    name: "Chesapeake Flower Exchange",
    address: "8600 Foundry St",
    city: "Savage",
    stateCode: "MD",
    zipcode: "20763",
    type: "Wholesale",
    hours: "By appointment only",
    description:
      "A cooperative of growers that formed to bring locally and sustainably grown flowers and foliage to retail flower shops and floral designers. It sells from the Cotton Shed at the historic Savage Mill complex, by appointment only.",
    source: "https://savagemill.com/merchants/chesapeake-flower-exchange; https://www.koonsclarksvillechevybuickgmc.com/blogs/4775/learn-explore-and-shop-when-you-visit-savage-mill; https://rob-tom-dolly-franklin.blogspot.com/2022/04/brads-visit-part-2-historic-savage-mill.html",
  },

  // ── Oklahoma ────────────────────────────────────────────────────────────
  // source: https://oklahoman.com/article/5576730/oklahoma-city-flower-distributor-continues-to-grow-after-more-than-70-years (Oklahoma Flower Market, 36 N Broadway Circle, Midtown; does not sell to individuals who walk in); zip not given by any stored page: 73106 is the Oklahoma City zipcode nearest the city's center (Wikipedia's coordinate for Oklahoma City, 35.4823, -97.5352), so locationApproximate
  {
    name: "Oklahoma Flower Market",
    address: "36 N Broadway Cir",
    city: "Oklahoma City",
    stateCode: "OK",
    zipcode: "73106",
    type: "Wholesale",
    hours: "",
    description:
      "Third-generation family wholesaler in Midtown Oklahoma City that has sold flowers and flower supplies for more than 70 years. It supplies the trade and does not sell to individuals who walk in, so look for its flowers at local florists.",
    access: "trade-only",
    accessNote: "Does not sell to individuals who walk in",
    source: "https://oklahoman.com/article/5576730/oklahoma-city-flower-distributor-continues-to-grow-after-more-than-70-years",
    locationApproximate: true,
  },
];
