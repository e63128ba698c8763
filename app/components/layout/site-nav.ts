export interface NavItem {
  label: string;
  to: string;
  feature?: "blog" | "festivals";
}

/** The header's links, in the spec's order. */
export const HEADER_LINKS: NavItem[] = [
  { label: "Find Wholesalers", to: "/#states" },
  { label: "Grocery Stores", to: "/#grocery" },
  { label: "Festivals", to: "/festivals", feature: "festivals" },
  { label: "DIY Blog", to: "/#blog", feature: "blog" },
  { label: "About Us", to: "/about" },
];

export const OFFICE_HOURS = "Mon-Fri: 9AM-5PM PT";

export function visibleLinks(items: NavItem[], features: { enableBlog: boolean; enableFestivals: boolean }) {
  return items.filter(
    (item) => (item.feature !== "blog" || features.enableBlog) && (item.feature !== "festivals" || features.enableFestivals),
  );
}

/** The About page's "Submit a Location" form itself: every "Suggest a location" link lands on it, not at the page's top. */
export const SUBMIT_LOCATION_HREF = "/about#submit-location";
