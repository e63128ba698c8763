import type { SeedWholesaler } from "../types";

/**
 * Wholesale flower markets, wholesale florists and the public markets where
 * budget shoppers and DIY arrangers can buy flowers by the bunch.
 *
 * Coordinates are left out on purpose: the seed places each entry at the
 * centroid of its zipcode. Hours change with the seasons and around holidays,
 * so descriptions remind shoppers to call ahead.
 */
export const wholesalers: SeedWholesaler[] = [
  // ── California ──────────────────────────────────────────────────────────
  {
    name: "Original Los Angeles Flower Market",
    address: "754 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM (public hours start later on some weekdays)",
    description:
      "The historic heart of the LA Flower District, with dozens of vendors selling roses, tropicals, greenery and supplies under one roof. The public can shop for a small entry fee after the trade rush; arrive early for the best selection and bring cash and a cart.",
    phone: "(213) 627-3696",
    website: "https://originallaflowermarket.com",
  },
  {
    name: "Southern California Flower Market",
    address: "755 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "Right across Wall Street from the Original LA Flower Market, this long-running mart packs growers and importers into two floors of stalls. Open to the public for a small fee; prices drop and vendors bargain as closing time nears, which is great for DIY brides buying in bulk.",
    phone: "(213) 627-2482",
  },
  {
    name: "California Flower Mall",
    address: "825 S San Pedro St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Both",
    hours: "Daily 6AM-12PM (extended hours before Valentine's Day and Mother's Day)",
    description:
      "A flower-district mall of independent stalls selling wholesale-priced roses, mixed bouquets and potted plants, with free entry for the public. Handy on Sundays when the bigger marts are closed; compare a few stalls before you buy.",
  },
  {
    name: "Mellano & Company",
    address: "766 Wall St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90014",
    type: "Wholesale",
    hours: "Mon-Sat 5AM-12PM",
    description:
      "Family-run grower and wholesaler in the LA Flower Market since 1925, supplying its own California-grown flowers and foliage alongside imports. A go-to source for event florists who need large quantities of greens, roses and seasonal stems.",
    phone: "(888) 635-5266",
    website: "https://www.mellano.com",
  },
  {
    name: "Mayesh Wholesale Florist - Los Angeles",
    address: "5401 W 104th St",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90045",
    type: "Wholesale",
    hours: "Mon-Fri 6AM-3PM; Sat 6AM-12PM",
    description:
      "Headquarters branch of one of the country's best-known wholesalers to wedding and event florists, with novelty and garden roses from around the world. Trade accounts only; designers can pre-order online and pick up near LAX.",
    website: "https://www.mayesh.com",
  },
  {
    name: "San Francisco Flower Market",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Both",
    hours: "Mon-Sat early morning to early afternoon; public shopping after the trade rush",
    description:
      "The Bay Area's century-old flower market, now in a new Potrero Hill hall with about 20 wholesalers, growers and supply vendors. The public is welcome later in the morning; come midweek for the calmest aisles and ask vendors about end-of-day deals.",
  },
  {
    name: "Rafa's Wholesale Flowers",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Both",
    hours: "Mon-Sat early morning to early afternoon",
    description:
      "Popular cut-flower stall inside the San Francisco Flower Market with a broad mix of roses, seasonal blooms and fillers. A reliable stop for DIY arrangers who want wholesale pricing without hunting through every aisle.",
  },
  {
    name: "Neve Bros.",
    address: "901 16th St",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94107",
    type: "Both",
    hours: "Mon-Sat early morning to early afternoon",
    description:
      "Petaluma rose growers selling their own tea and spray roses at the San Francisco Flower Market for generations. Look here for fragrant, locally grown roses that last longer than long-haul imports.",
  },
  {
    name: "Ferry Plaza Farmers Market",
    address: "1 Ferry Building",
    city: "San Francisco",
    stateCode: "CA",
    zipcode: "94111",
    type: "Retail",
    hours: "Tue & Thu 10AM-2PM; Sat 8AM-2PM",
    description:
      "Waterfront farmers market where Northern California flower farms sell seasonal bouquets, dahlias, peonies and branches straight from the field. Prices beat most florists; go early on Saturday before the best buckets sell out.",
    website: "https://cuesa.org",
  },
  {
    name: "Santa Monica Farmers Market",
    address: "Arizona Ave & 2nd St",
    city: "Santa Monica",
    stateCode: "CA",
    zipcode: "90401",
    type: "Retail",
    hours: "Wed 8AM-1PM; Sat 8AM-1PM",
    description:
      "The Wednesday market is famous among LA chefs and florists, with several flower growers selling ranunculus, sweet peas, proteas and mixed bunches. A good budget alternative to the flower district if you want farm-fresh, locally grown stems.",
  },
  {
    name: "Hollywood Farmers' Market",
    address: "1600 Ivar Ave",
    city: "Los Angeles",
    stateCode: "CA",
    zipcode: "90028",
    type: "Retail",
    hours: "Sun 8AM-1PM",
    description:
      "Large Sunday market with several flower stands selling generous bunches of roses, lilies, sunflowers and seasonal blooms at farm prices. Perfect for weekly home arrangements; bring a bucket of water for the ride home.",
  },

  // ── New York ────────────────────────────────────────────────────────────
  {
    name: "Dutch Flower Line",
    address: "148 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "A Chelsea flower district favorite for garden roses, peonies, ranunculus and Dutch novelty blooms. The public can buy by the bunch; arrive early, since the best stems go to event florists before 8AM.",
    website: "https://www.dutchflowerline.com",
  },
  {
    name: "G. Page Wholesale Flowers",
    address: "120 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "Long-established 28th Street wholesaler with a wide selection of roses, seasonal flowers and foliage. Walk-in shoppers are welcome; expect wholesale pricing plus sales tax if you do not have a resale certificate.",
  },
  {
    name: "Fischer & Page",
    address: "134 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "Classic flower district wholesaler stocking roses, hydrangeas, orchids and greenery for Manhattan florists. DIY shoppers can buy by the bunch; the staff are used to helping first-timers figure out how many stems they need.",
  },
  {
    name: "Caribbean Cuts",
    address: "120 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "The flower district's specialist in tropicals: ginger, heliconia, anthurium, orchids and big tropical leaves. Great for dramatic event pieces; tropicals hate the cold, so keep them out of the fridge.",
  },
  {
    name: "Foliage Garden",
    address: "120 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "Greenery and branch specialist in the flower district, with eucalyptus, ferns, flowering branches and seasonal foliage. Filling a design with inexpensive greens is the easiest way to stretch a tight flower budget.",
  },
  {
    name: "US Evergreen",
    address: "805 6th Ave",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-12PM",
    description:
      "Corner shop on Sixth Avenue known for branches, greens, herbs and seasonal cut flowers spilling onto the sidewalk. A favorite of event designers who need large branches and garlands; walk-ins welcome.",
  },
  {
    name: "Superior Florists",
    address: "828 6th Ave",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 6AM-1PM",
    description:
      "Flower district wholesaler selling cut flowers, potted plants and seasonal decor to the trade and the public. Good for one-stop shopping when you need both blooms and plants for an event.",
  },
  {
    name: "Kervar",
    address: "119 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 7AM-5PM",
    description:
      "Flower district supply house for artificial flowers, ribbon, containers and holiday decor. Pair it with the fresh-flower wholesalers next door when you need vases and mechanics for a DIY event.",
  },
  {
    name: "Jamali Garden",
    address: "149 W 28th St",
    city: "New York",
    stateCode: "NY",
    zipcode: "10001",
    type: "Both",
    hours: "Mon-Sat 7AM-5PM",
    description:
      "Floral and event supply store in the heart of the flower district with vases, candles, lanterns, stones and containers at trade-friendly prices. Essential for DIY weddings that need dozens of matching vessels.",
    website: "https://www.jamaligarden.com",
  },
  {
    name: "Union Square Greenmarket",
    address: "E 17th St & Union Square W",
    city: "New York",
    stateCode: "NY",
    zipcode: "10003",
    type: "Retail",
    hours: "Mon, Wed, Fri & Sat 8AM-6PM",
    description:
      "New York's flagship farmers market, where regional flower farms sell peonies, lilacs, dahlias and seasonal bunches straight from the field. Often cheaper than street-corner bodega bouquets and far longer lasting.",
    website: "https://www.grownyc.org/greenmarket",
  },
  {
    name: "Rochester Public Market",
    address: "280 N Union St",
    city: "Rochester",
    stateCode: "NY",
    zipcode: "14609",
    type: "Retail",
    hours: "Tue & Thu 6AM-1PM; Sat 5AM-3PM",
    description:
      "One of the oldest public markets in the state, with vendors selling cut flowers, hanging baskets and bedding plants at low prices. Saturday mornings in May are packed with bargain flats and bunches.",
  },

  // ── Texas ───────────────────────────────────────────────────────────────
  {
    name: "Pikes Peak of Houston",
    address: "4340 Directors Row",
    city: "Houston",
    stateCode: "TX",
    zipcode: "77092",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "Headquarters of Pikes Peak of Texas, a wholesale florist serving Houston since 1978 with cut flowers, greens, plants and floral supplies. Trade customers only; event florists can pre-book large orders for weddings.",
    website: "https://pikespeakfloral.com",
  },
  {
    name: "Pikes Peak of Austin",
    address: "10405-F Metric Blvd",
    city: "Austin",
    stateCode: "TX",
    zipcode: "78758",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "Austin branch of Pikes Peak of Texas, stocking roses, seasonal flowers, greenery and hard goods for florists and event designers. Open to the trade; bring your sales tax permit to set up an account.",
    website: "https://pikespeakfloral.com",
  },
  {
    name: "Pikes Peak of Dallas",
    address: "1123 Conveyor Ln",
    city: "Dallas",
    stateCode: "TX",
    zipcode: "75247",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "Dallas branch of Pikes Peak of Texas in the Stemmons industrial corridor near the Dallas Market Center. Serves florists and event companies with fresh flowers, plants and supplies.",
    website: "https://pikespeakfloral.com",
  },
  {
    name: "Dallas Market Center",
    address: "2100 N Stemmons Fwy",
    city: "Dallas",
    stateCode: "TX",
    zipcode: "75207",
    type: "Wholesale",
    hours: "Open during trade markets; registered trade buyers only",
    description:
      "One of the largest wholesale merchandise marts in the country, with showrooms for permanent botanicals, containers and seasonal floral decor. Florists and event designers should plan buying trips around its holiday and floral markets.",
    website: "https://www.dallasmarketcenter.com",
  },
  {
    name: "Dallas Farmers Market",
    address: "920 S Harwood St",
    city: "Dallas",
    stateCode: "TX",
    zipcode: "75201",
    type: "Retail",
    hours: "Daily, vendor hours vary (weekends busiest)",
    description:
      "Downtown market whose open-air shed has vendors selling cut flowers, potted plants and seasonal blooms alongside produce. A budget-friendly spot for weekly flowers and bedding plants.",
    website: "https://dallasfarmersmarket.org",
  },
  {
    name: "San Antonio Flower Company",
    address: "Broadway St",
    city: "San Antonio",
    stateCode: "TX",
    zipcode: "78209",
    type: "Both",
    hours: "Mon-Sat, call for hours (extended before holidays)",
    description:
      "North Side flower wholesaler on Broadway supplying local florists, restaurants and hotels, and also selling to walk-in customers. Carnations, red roses, peonies and white lilies are the big sellers; order early before Mother's Day.",
  },
  {
    name: "Pearl Farmers Market",
    address: "312 Pearl Pkwy",
    city: "San Antonio",
    stateCode: "TX",
    zipcode: "78215",
    type: "Retail",
    hours: "Sat 9AM-1PM; Sun 10AM-2PM",
    description:
      "Producer-only market at the historic Pearl brewery where Texas flower farmers sell zinnias, sunflowers and seasonal bouquets. Great for locally grown blooms at farm prices.",
  },
  {
    name: "SFC Farmers' Market Downtown",
    address: "422 Guadalupe St",
    city: "Austin",
    stateCode: "TX",
    zipcode: "78701",
    type: "Retail",
    hours: "Sat 9AM-1PM",
    description:
      "Saturday market in Republic Square with Central Texas flower growers selling fresh-cut bunches and seasonal bouquets. Arrive early in spring for wildflowers and ranunculus.",
  },

  // ── Florida ─────────────────────────────────────────────────────────────
  {
    name: "Mayesh Wholesale Florist - Miami",
    address: "NW 25th St",
    city: "Miami",
    stateCode: "FL",
    zipcode: "33122",
    type: "Wholesale",
    hours: "Mon-Fri 6AM-3PM; Sat 6AM-12PM",
    description:
      "Mayesh's Florida branch near Miami International Airport, the entry point for most imported flowers in the US. Carries high-end novelty flowers by the bunch for event florists; trade accounts only.",
    website: "https://www.mayesh.com",
  },
  {
    name: "Ybor City Saturday Market",
    address: "1800 E 8th Ave",
    city: "Tampa",
    stateCode: "FL",
    zipcode: "33605",
    type: "Retail",
    hours: "Sat 9AM-2PM",
    description:
      "Saturday market in Centennial Park where local vendors sell budget bouquets, orchids and plants alongside food and crafts. Look for $5 to $15 bunches that are perfect for weekly home arrangements.",
  },
  {
    name: "Winter Park Farmers' Market",
    address: "200 W New England Ave",
    city: "Winter Park",
    stateCode: "FL",
    zipcode: "32789",
    type: "Retail",
    hours: "Sat 7AM-1PM",
    description:
      "Popular Saturday market in a historic train depot with growers selling orchids, cut flowers and potted plants. Arrive before 9AM for the widest choice of fresh bunches.",
  },
  {
    name: "Saturday Morning Market",
    address: "230 1st St SE",
    city: "Saint Petersburg",
    stateCode: "FL",
    zipcode: "33701",
    type: "Retail",
    hours: "Sat 9AM-2PM (shorter summer hours)",
    description:
      "St. Petersburg's big waterfront market, with flower and orchid vendors selling bouquets and tropical plants at friendly prices. A fun spot to gather blooms for a casual party.",
  },
  {
    name: "Riverside Arts Market",
    address: "715 Riverside Ave",
    city: "Jacksonville",
    stateCode: "FL",
    zipcode: "32204",
    type: "Retail",
    hours: "Sat 10AM-3PM",
    description:
      "Saturday market under the Fuller Warren Bridge with local farmers selling fresh-cut flowers, succulents and plants. Good for inexpensive locally grown bunches in spring and fall.",
  },
  {
    name: "Orlando Farmers Market",
    address: "512 E Washington St",
    city: "Orlando",
    stateCode: "FL",
    zipcode: "32801",
    type: "Retail",
    hours: "Sun 10AM-4PM",
    description:
      "Sunday market at Lake Eola Park with vendors selling orchids, bouquets and potted plants. Handy for picking up budget flowers for the week ahead.",
  },

  // ── Washington ──────────────────────────────────────────────────────────
  {
    name: "Seattle Wholesale Growers Market",
    address: "5840 Airport Way S",
    city: "Seattle",
    stateCode: "WA",
    zipcode: "98108",
    type: "Both",
    hours: "Mon 6AM-12PM; Wed & Fri 6AM-2PM (short public window on Fridays)",
    description:
      "Farmer-owned cooperative in Georgetown's old Rainier Brewery selling Pacific Northwest peonies, dahlias, greens and branches direct from the growers. Mostly wholesale with a buyer's pass, but it has offered limited public shopping on Friday late mornings.",
    website: "https://www.seattlewholesalegrowersmarket.com",
  },
  {
    name: "Pike Place Market",
    address: "85 Pike St",
    city: "Seattle",
    stateCode: "WA",
    zipcode: "98101",
    type: "Retail",
    hours: "Daily 9AM-5PM (flower stalls)",
    description:
      "Famous for its rows of flower stalls run by local farm families, selling huge mixed bouquets for $10 to $25. One of the best flower deals in the country; visit on weekday mornings to skip the crowds.",
    website: "https://www.pikeplacemarket.org",
  },
  {
    name: "Ballard Farmers Market",
    address: "5345 Ballard Ave NW",
    city: "Seattle",
    stateCode: "WA",
    zipcode: "98107",
    type: "Retail",
    hours: "Sun 9AM-2PM",
    description:
      "Year-round Sunday market with many flower farmers selling generous, inexpensive bouquets and buckets of seasonal stems. Ask growers about bulk buckets for weddings; many will take pre-orders.",
  },

  // ── Oregon ──────────────────────────────────────────────────────────────
  {
    name: "Portland Flower Market",
    address: "N Basin Ave",
    city: "Portland",
    stateCode: "OR",
    zipcode: "97217",
    type: "Wholesale",
    hours: "Mon-Fri early morning to 1PM; limited member hours Sat",
    description:
      "Membership-based wholesale market run by the Oregon Flower Growers Association since 1942, with local growers and wholesalers under one roof. Not open for public shopping, but businesses can buy a day pass or membership with proof of registration.",
    phone: "(503) 289-1500",
    website: "https://pdxflowermarket.com",
  },
  {
    name: "Portland Farmers Market at PSU",
    address: "SW Park Ave & SW Montgomery St",
    city: "Portland",
    stateCode: "OR",
    zipcode: "97201",
    type: "Retail",
    hours: "Sat 8:30AM-2PM (9AM-2PM in winter)",
    description:
      "Portland's largest farmers market, with several Willamette Valley flower farms selling tulips, peonies, dahlias and mixed bouquets. Prices are well below florist rates; go early for the best buckets.",
  },

  // ── Illinois ────────────────────────────────────────────────────────────
  {
    name: "Kennicott Brothers Company",
    address: "452 N Ashland Ave",
    city: "Chicago",
    stateCode: "IL",
    zipcode: "60622",
    type: "Wholesale",
    hours: "Mon-Fri 6AM-4PM; Sat 6AM-12PM",
    description:
      "One of the oldest wholesale florists in the country, founded in Chicago in 1881 and now employee-owned. Stocks fresh flowers, greens, plants and hard goods for florists and event designers; a resale license is required.",
    website: "https://www.kennicott.com",
  },
  {
    name: "Green City Market",
    address: "1817 N Clark St",
    city: "Chicago",
    stateCode: "IL",
    zipcode: "60614",
    type: "Retail",
    hours: "Wed & Sat 7AM-1PM (May-Oct)",
    description:
      "Chicago's flagship farmers market in Lincoln Park, where Midwest flower farms sell peonies, sunflowers, zinnias and seasonal bouquets. A great source for locally grown wedding flowers; ask growers about bucket pre-orders.",
    website: "https://greencitymarket.org",
  },

  // ── Massachusetts ───────────────────────────────────────────────────────
  {
    name: "New England Flower Exchange",
    address: "260 Second St",
    city: "Chelsea",
    stateCode: "MA",
    zipcode: "02150",
    type: "Wholesale",
    hours: "Mon-Fri 5AM-12PM; Sat 6AM-10AM",
    description:
      "Successor to the century-old Boston Flower Exchange, housing several family wholesalers of roses, tropicals, orchids and greens in one building. Open to the trade only; most of the best product is gone by 9AM.",
  },
  {
    name: "Cupp & Cupp Corp",
    address: "260 Second St",
    city: "Chelsea",
    stateCode: "MA",
    zipcode: "02150",
    type: "Wholesale",
    hours: "Mon-Fri 5AM-12PM; Sat 6AM-10AM",
    description:
      "Long-time wholesaler at the New England Flower Exchange selling fresh-cut flowers to florists across Greater Boston and northern New England. Trade customers only; order holiday roses well in advance.",
  },

  // ── Pennsylvania ────────────────────────────────────────────────────────
  {
    name: "Market Blooms",
    address: "51 N 12th St",
    city: "Philadelphia",
    stateCode: "PA",
    zipcode: "19107",
    type: "Retail",
    hours: "Daily 8AM-6PM",
    description:
      "Flower stand inside the Reading Terminal Market selling ready-made bouquets and loose stems, with an emphasis on seasonal and local flowers. Easy to grab affordable flowers while shopping the market.",
  },
  {
    name: "Lancaster Central Market",
    address: "23 N Market St",
    city: "Lancaster",
    stateCode: "PA",
    zipcode: "17603",
    type: "Retail",
    hours: "Tue & Fri 6AM-4PM; Sat 6AM-2PM",
    description:
      "The country's oldest continuously operating farmers market, where Lancaster County growers sell cut flowers, dried flowers and potted plants. Expect low prices and lovely garden-style bunches from spring through fall.",
    website: "https://www.centralmarketlancaster.com",
  },
  {
    name: "DVFlora - Wilkes-Barre",
    address: "River St",
    city: "Plains",
    stateCode: "PA",
    zipcode: "18705",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-4PM",
    description:
      "Northeastern Pennsylvania branch of the Delaware Valley Floral Group, formerly Gallagher's Floral Supply, serving florists with fresh flowers and supplies. Trade accounts only.",
    website: "https://www.dvflora.com",
  },

  // ── Georgia ─────────────────────────────────────────────────────────────
  {
    name: "Your DeKalb Farmers Market",
    address: "3000 E Ponce de Leon Ave",
    city: "Decatur",
    stateCode: "GA",
    zipcode: "30030",
    type: "Retail",
    hours: "Daily 9AM-9PM",
    description:
      "Huge international market near Atlanta with a large fresh-flower department selling roses, lilies and mixed bunches at near-wholesale prices. A favorite of budget-minded DIY brides; buy a few days ahead so blooms can open.",
  },
  {
    name: "Peachtree Road Farmers Market",
    address: "2744 Peachtree Rd NW",
    city: "Atlanta",
    stateCode: "GA",
    zipcode: "30305",
    type: "Retail",
    hours: "Sat 8:30AM-12PM (Apr-Dec)",
    description:
      "Saturday market in Buckhead with Georgia flower farmers selling zinnias, dahlias, sunflowers and seasonal bouquets. Ideal for locally grown blooms for parties and showers.",
  },
  {
    name: "Forsyth Farmers' Market",
    address: "501 Whitaker St",
    city: "Savannah",
    stateCode: "GA",
    zipcode: "31401",
    type: "Retail",
    hours: "Sat 8AM-12PM",
    description:
      "Saturday market at the south end of Forsyth Park with local growers selling cut flowers and plants. Good for affordable, seasonal blooms for Savannah events.",
  },

  // ── Colorado ────────────────────────────────────────────────────────────
  {
    name: "Boulder County Farmers Market",
    address: "13th St & Canyon Blvd",
    city: "Boulder",
    stateCode: "CO",
    zipcode: "80302",
    type: "Retail",
    hours: "Sat 8AM-2PM (Apr-Nov)",
    description:
      "Colorado's flagship farmers market, with Front Range flower farms selling tulips, peonies, dahlias and lush mixed bouquets. Prices beat grocery store flowers and the stems are days fresher.",
  },
  {
    name: "Old South Pearl Street Farmers Market",
    address: "1500 S Pearl St",
    city: "Denver",
    stateCode: "CO",
    zipcode: "80210",
    type: "Retail",
    hours: "Sun 9AM-1PM (May-Nov)",
    description:
      "Neighborhood Sunday market where local growers sell cut flowers, bouquets and plants. A relaxed place to pick up locally grown flowers for the week.",
  },

  // ── Arizona ─────────────────────────────────────────────────────────────
  {
    name: "Uptown Farmers Market",
    address: "5757 N Central Ave",
    city: "Phoenix",
    stateCode: "AZ",
    zipcode: "85012",
    type: "Retail",
    hours: "Wed & Sat 8AM-12PM (7AM-11AM in summer)",
    description:
      "Phoenix farmers market with local growers selling cut flowers, succulents and desert plants. Go early in summer before the heat wilts the blooms.",
  },
  {
    name: "Heirloom Farmers Market at Rillito Park",
    address: "4502 N 1st Ave",
    city: "Tucson",
    stateCode: "AZ",
    zipcode: "85718",
    type: "Retail",
    hours: "Sun 8AM-12PM (7AM-11AM in summer)",
    description:
      "Tucson's big Sunday market with regional growers selling fresh flowers, herbs and plants. A good spot for affordable bunches and desert-friendly plants.",
  },

  // ── Ohio ────────────────────────────────────────────────────────────────
  {
    name: "West Side Market",
    address: "1979 W 25th St",
    city: "Cleveland",
    stateCode: "OH",
    zipcode: "44113",
    type: "Retail",
    hours: "Wed & Fri 7AM-6PM; Sat 7AM-6PM; Sun 10AM-4PM",
    description:
      "Cleveland's landmark public market, where produce and flower vendors sell budget bouquets and seasonal bunches. A fun, affordable stop for everyday flowers.",
  },
  {
    name: "Findlay Market",
    address: "1801 Race St",
    city: "Cincinnati",
    stateCode: "OH",
    zipcode: "45202",
    type: "Retail",
    hours: "Tue-Fri 9AM-6PM; Sat 8AM-6PM; Sun 10AM-4PM",
    description:
      "Ohio's oldest continuously operated public market, with a flower shop and seasonal farm stands selling cut flowers and plants. Weekends bring the most growers.",
    website: "https://www.findlaymarket.org",
  },
  {
    name: "North Market",
    address: "59 Spruce St",
    city: "Columbus",
    stateCode: "OH",
    zipcode: "43215",
    type: "Retail",
    hours: "Daily, merchant hours vary",
    description:
      "Historic Columbus public market with a florist and a Saturday farmers market selling local cut flowers in season. Convenient for picking up inexpensive bunches downtown.",
  },

  // ── Michigan ────────────────────────────────────────────────────────────
  {
    name: "Eastern Market",
    address: "2934 Russell St",
    city: "Detroit",
    stateCode: "MI",
    zipcode: "48207",
    type: "Both",
    hours: "Sat 6AM-4PM; extra market days in summer",
    description:
      "Detroit's historic market district, home to the huge Flower Day in May and year-round flower and plant vendors. Great prices on flats, hanging baskets and cut flowers; come early on Saturdays.",
    website: "https://easternmarket.org",
  },
  {
    name: "Kennicott Brothers Company - Warren",
    address: "25300 Guenther",
    city: "Warren",
    stateCode: "MI",
    zipcode: "48091",
    type: "Wholesale",
    hours: "Mon-Fri 6AM-4PM; Sat 6AM-12PM",
    description:
      "Metro Detroit wholesale location (the former Nordlie operation) supplying florists with fresh flowers, plants and supplies, including bucket-truck routes. Trade customers only.",
    website: "https://www.kennicott.com",
  },
  {
    name: "Fulton Street Farmers Market",
    address: "1147 E Fulton St",
    city: "Grand Rapids",
    stateCode: "MI",
    zipcode: "49503",
    type: "Retail",
    hours: "Sat 8AM-2PM; Wed 8AM-1PM (May-Oct)",
    description:
      "One of Michigan's oldest markets, with West Michigan flower farms selling tulips, peonies and summer bouquets. Very affordable; bring a bucket for big armloads.",
  },
  {
    name: "Ann Arbor Farmers Market",
    address: "315 Detroit St",
    city: "Ann Arbor",
    stateCode: "MI",
    zipcode: "48104",
    type: "Retail",
    hours: "Wed & Sat 7AM-3PM (May-Dec)",
    description:
      "Kerrytown market with many flower growers selling bouquets, dahlias and seasonal stems at farm prices. Saturday mornings have the most choice.",
  },

  // ── Minnesota ───────────────────────────────────────────────────────────
  {
    name: "Koehler & Dramm Wholesale Florist",
    address: "2407 E Hennepin Ave",
    city: "Minneapolis",
    stateCode: "MN",
    zipcode: "55413",
    type: "Wholesale",
    hours: "Mon-Thu 7AM-5PM; Fri 7AM-4:30PM; Sat 7AM-12PM; Sun 8AM-1PM",
    description:
      "The Upper Midwest's big wholesale florist, with a huge cooler of fresh flowers, plants and hard goods plus custom garlands for events. Not open to the general public; florists and event pros need a trade account.",
    phone: "(612) 331-4141",
    website: "https://koehlerdramm.com",
  },
  {
    name: "Minneapolis Farmers Market",
    address: "312 E Lyndale Ave N",
    city: "Minneapolis",
    stateCode: "MN",
    zipcode: "55405",
    type: "Retail",
    hours: "Daily 6AM-1PM (late Apr-Nov)",
    description:
      "Large open-air market where local growers sell cut flowers, hanging baskets and bedding plants at low prices. Flower stands are especially strong in June for peonies.",
  },
  {
    name: "Bachman's",
    address: "6010 Lyndale Ave S",
    city: "Minneapolis",
    stateCode: "MN",
    zipcode: "55419",
    type: "Both",
    hours: "Mon-Sat 9AM-8PM; Sun 10AM-6PM",
    description:
      "Family-owned Twin Cities floral and garden institution since 1885, with a flagship store selling cut flowers, plants and decor and a wholesale division for the trade. Watch for seasonal cash-and-carry specials.",
    website: "https://www.bachmans.com",
  },

  // ── North Carolina ──────────────────────────────────────────────────────
  {
    name: "State Farmers Market",
    address: "1201 Agriculture St",
    city: "Raleigh",
    stateCode: "NC",
    zipcode: "27603",
    type: "Both",
    hours: "Mon-Sat 5AM-6PM; Sun 8AM-6PM",
    description:
      "North Carolina's big state-run market, with a farmers building, garden center vendors and a wholesale terminal. Local growers sell cut flowers and bedding plants at very low prices in spring and summer.",
  },
  {
    name: "Charlotte Regional Farmers Market",
    address: "1801 Yorkmont Rd",
    city: "Charlotte",
    stateCode: "NC",
    zipcode: "28208",
    type: "Retail",
    hours: "Tue-Sat 8AM-6PM; Sun 12PM-6PM (seasonal)",
    description:
      "State-run market where Piedmont growers sell cut flowers, plants and produce. Saturday mornings in spring bring the best selection of affordable bunches.",
  },

  // ── New Jersey ──────────────────────────────────────────────────────────
  {
    name: "DVFlora",
    address: "520 Mantua Blvd",
    city: "Sewell",
    stateCode: "NJ",
    zipcode: "08080",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "Headquarters of the Delaware Valley Floral Group, one of the largest floral distributors in the country, founded in 1959. Supplies florists from Maine to the Carolinas with fresh flowers, greens and supplies; trade accounts and online ordering.",
    website: "https://www.dvflora.com",
  },
  {
    name: "DVFlora Floral Supply Center",
    address: "Forest Park Corporate Center",
    city: "West Deptford",
    stateCode: "NJ",
    zipcode: "08086",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-4PM",
    description:
      "DVFlora's hard-goods logistics center stocking vases, foam, ribbon, containers and wedding supplies. Trade customers only; useful for event florists who need matching vessels in volume.",
    website: "https://www.dvflora.com",
  },

  // ── Maryland ────────────────────────────────────────────────────────────
  {
    name: "Potomac Floral Wholesale",
    address: "2413 Linden Ln",
    city: "Silver Spring",
    stateCode: "MD",
    zipcode: "20910",
    type: "Wholesale",
    hours: "Mon-Fri 6AM-5PM; Sat 6AM-12PM",
    description:
      "One of the Washington, DC area's largest floral wholesalers, with hundreds of varieties from around the world and an annual flower show. Trade accounts only; it has hosted tours for floral design classes.",
    phone: "(800) 770-8353",
    website: "https://flowerwholesale.com",
  },
  {
    name: "Baltimore Farmers' Market & Bazaar",
    address: "Holliday St & E Saratoga St",
    city: "Baltimore",
    stateCode: "MD",
    zipcode: "21202",
    type: "Retail",
    hours: "Sun 7AM-12PM (Apr-Dec)",
    description:
      "Sunday market under the Jones Falls Expressway with local growers selling cut flowers, herbs and plants. Great prices on seasonal bouquets; go early for the best selection.",
  },

  // ── Missouri ────────────────────────────────────────────────────────────
  {
    name: "Baisch & Skinner",
    address: "2721 LaSalle St",
    city: "Saint Louis",
    stateCode: "MO",
    zipcode: "63104",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "Long-established St. Louis wholesale florist supplying fresh flowers, greens and supplies to florists across the region. Trade customers only; ask about their design and care classes.",
  },
  {
    name: "Soulard Farmers Market",
    address: "730 Carroll St",
    city: "Saint Louis",
    stateCode: "MO",
    zipcode: "63104",
    type: "Retail",
    hours: "Wed-Fri 8AM-3PM; Sat 7AM-3PM",
    description:
      "Historic St. Louis market with flower and plant vendors selling bouquets, cut stems and bedding plants at bargain prices. Saturdays are the busiest and best stocked.",
  },
  {
    name: "City Market",
    address: "20 E 5th St",
    city: "Kansas City",
    stateCode: "MO",
    zipcode: "64106",
    type: "Retail",
    hours: "Sat 7AM-3PM; Sun 8AM-3PM",
    description:
      "Kansas City's big riverfront farmers market, with flower and plant vendors selling budget bouquets and seasonal bunches. Early mornings have the freshest choice.",
  },

  // ── Tennessee ───────────────────────────────────────────────────────────
  {
    name: "Nashville Farmers' Market",
    address: "900 Rosa L Parks Blvd",
    city: "Nashville",
    stateCode: "TN",
    zipcode: "37208",
    type: "Retail",
    hours: "Daily 8AM-6PM (farm sheds busiest on weekends)",
    description:
      "Market next to Bicentennial Mall with farm sheds where local growers sell cut flowers, bouquets and plants. A great spot for affordable locally grown flowers.",
  },
  {
    name: "Market Square Farmers' Market",
    address: "Market Square",
    city: "Knoxville",
    stateCode: "TN",
    zipcode: "37902",
    type: "Retail",
    hours: "Wed 11AM-2PM; Sat 9AM-2PM (May-Nov)",
    description:
      "Downtown Knoxville market where East Tennessee flower farmers sell bouquets and buckets of seasonal stems. Good prices on dahlias and sunflowers in late summer.",
  },

  // ── Louisiana ───────────────────────────────────────────────────────────
  {
    name: "Pikes Peak of New Orleans",
    address: "5418 Powell St",
    city: "New Orleans",
    stateCode: "LA",
    zipcode: "70123",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-5PM; Sat 7AM-12PM",
    description:
      "New Orleans branch of Pikes Peak of Texas, serving the city's florists since 1980 with fresh flowers, greens and supplies. Busy around Mardi Gras and wedding season; trade customers only.",
    website: "https://pikespeakfloral.com",
  },
  {
    name: "Crescent City Farmers Market",
    address: "750 Carondelet St",
    city: "New Orleans",
    stateCode: "LA",
    zipcode: "70130",
    type: "Retail",
    hours: "Sat 8AM-12PM",
    description:
      "Saturday market in the Warehouse District with local growers selling cut flowers, plants and herbs. Good for affordable, locally grown bunches.",
  },

  // ── Nevada ──────────────────────────────────────────────────────────────
  {
    name: "Downtown Summerlin Farmers Market",
    address: "1980 Festival Plaza Dr",
    city: "Las Vegas",
    stateCode: "NV",
    zipcode: "89135",
    type: "Retail",
    hours: "Sat 9AM-2PM",
    description:
      "Weekly Las Vegas market with vendors selling fresh bouquets, succulents and plants. A convenient spot for budget flowers without a trip to a wholesaler.",
  },
  {
    name: "Las Vegas Farmers Market at Bruce Trent Park",
    address: "1600 N Rampart Blvd",
    city: "Las Vegas",
    stateCode: "NV",
    zipcode: "89128",
    type: "Retail",
    hours: "Wed 4PM-8PM",
    description:
      "Evening market in Summerlin's Bruce Trent Park with vendors selling flowers, plants and produce. Easy after-work stop for fresh bunches.",
  },

  // ── Utah ────────────────────────────────────────────────────────────────
  {
    name: "Downtown Farmers Market",
    address: "350 S 300 W",
    city: "Salt Lake City",
    stateCode: "UT",
    zipcode: "84101",
    type: "Retail",
    hours: "Sat 8AM-2PM (Jun-Oct)",
    description:
      "Salt Lake City's big Saturday market in Pioneer Park with Utah flower farms selling peonies, dahlias and mixed bouquets. Arrive early; popular flower stands sell out by late morning.",
    website: "https://www.slcfarmersmarket.org",
  },
  {
    name: "Provo Farmers Market",
    address: "500 W Center St",
    city: "Provo",
    stateCode: "UT",
    zipcode: "84601",
    type: "Retail",
    hours: "Sat 9AM-2PM (Jun-Oct)",
    description:
      "Saturday market in Provo's Pioneer Park with local growers selling cut flowers and bouquets. A budget-friendly source for wedding season blooms in Utah County.",
  },

  // ── Virginia ────────────────────────────────────────────────────────────
  {
    name: "17th Street Farmers Market",
    address: "100 N 17th St",
    city: "Richmond",
    stateCode: "VA",
    zipcode: "23219",
    type: "Retail",
    hours: "Sat-Sun 8AM-2PM (seasonal)",
    description:
      "Historic Shockoe Bottom market, one of the oldest in the country, with local growers selling cut flowers and plants. Good value for seasonal bunches.",
  },
  {
    name: "Old Town Alexandria Farmers Market",
    address: "301 King St",
    city: "Alexandria",
    stateCode: "VA",
    zipcode: "22314",
    type: "Retail",
    hours: "Sat 7AM-12PM",
    description:
      "Long-running Saturday market at Market Square with regional growers selling flowers, plants and produce. Early birds get the best bouquets.",
  },

  // ── Wisconsin ───────────────────────────────────────────────────────────
  {
    name: "Karthauser & Sons",
    address: "W147 N11100 Fond du Lac Ave",
    city: "Germantown",
    stateCode: "WI",
    zipcode: "53022",
    type: "Wholesale",
    hours: "Mon-Fri 7AM-4PM; Sat 7AM-12PM",
    description:
      "Family-owned wholesale florist and grower serving Milwaukee-area florists with fresh flowers, plants and supplies. Trade accounts only; call ahead for holiday order cutoffs.",
    phone: "(262) 255-7815",
  },
  {
    name: "Dane County Farmers' Market",
    address: "Capitol Square",
    city: "Madison",
    stateCode: "WI",
    zipcode: "53703",
    type: "Retail",
    hours: "Sat 6:15AM-1:45PM (Apr-Nov)",
    description:
      "The country's largest producer-only farmers market, circling the Capitol with many flower growers selling peonies, lilies and bouquets. Arrive early and walk counterclockwise with the crowd.",
    website: "https://dcfm.org",
  },

  // ── Other states ────────────────────────────────────────────────────────
  {
    name: "Cindy's Lei Shoppe",
    address: "1034 Maunakea St",
    city: "Honolulu",
    stateCode: "HI",
    zipcode: "96817",
    type: "Retail",
    hours: "Daily 6:30AM-5PM",
    description:
      "Chinatown lei shop that has sold fresh leis and tropical flowers for decades at prices well below hotel gift shops. Order large lei quantities ahead for weddings and graduations.",
  },
  {
    name: "Santa Fe Farmers Market",
    address: "1607 Paseo de Peralta",
    city: "Santa Fe",
    stateCode: "NM",
    zipcode: "87501",
    type: "Retail",
    hours: "Sat 7AM-1PM",
    description:
      "Railyard market with northern New Mexico growers selling cut flowers, dried flowers and chile ristras. Good prices on sunflowers and summer bouquets.",
  },
  {
    name: "Charleston Farmers Market",
    address: "329 Meeting St",
    city: "Charleston",
    stateCode: "SC",
    zipcode: "29403",
    type: "Retail",
    hours: "Sat 8AM-1PM (Apr-Nov)",
    description:
      "Saturday market in Marion Square with Lowcountry flower growers selling bouquets and seasonal stems. Great for affordable local blooms for Charleston events.",
  },
  {
    name: "Downtown Farmers' Market",
    address: "Court Ave",
    city: "Des Moines",
    stateCode: "IA",
    zipcode: "50309",
    type: "Retail",
    hours: "Sat 7AM-12PM (May-Oct)",
    description:
      "One of the largest farmers markets in the Midwest, with Iowa growers selling cut flowers and plants. Bring cash and go early for peonies in June.",
  },
  {
    name: "Omaha Farmers Market - Old Market",
    address: "11th St & Jackson St",
    city: "Omaha",
    stateCode: "NE",
    zipcode: "68102",
    type: "Retail",
    hours: "Sat 8AM-12:30PM (May-Oct)",
    description:
      "Saturday market in the historic Old Market district with local growers selling flowers, plants and produce. Affordable bouquets for the week ahead.",
  },
  {
    name: "Overland Park Farmers Market",
    address: "7950 Marty St",
    city: "Overland Park",
    stateCode: "KS",
    zipcode: "66204",
    type: "Retail",
    hours: "Wed & Sat 7AM-1PM (Apr-Oct)",
    description:
      "Popular Kansas City-area market with growers selling cut flowers, hanging baskets and bedding plants. Saturday mornings are busiest and best stocked.",
  },
];
