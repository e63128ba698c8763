import {
  BadgeCheck,
  CalendarDays,
  ClipboardList,
  Lightbulb,
  MapIcon,
  MapPinned,
  ShoppingBasket,
  type IconComponent,
  Flag,
  Mail,
  Megaphone,
  Newspaper,
  Send,
  Store,
} from "~/components/icons";
import { ImageIcon, LayoutDashboard, Settings } from "~/components/icons/admin";

/** What waits for an admin in a section, counted by the admin layout's loader. */
export type AdminNavCounts = { pendingSuggestions: number; pendingSubmissions: number; openReports: number; ownerQueue: number };

export interface AdminNavItem {
  to: string;
  label: string;
  icon: IconComponent;
  /** The count shown beside the label while it is above zero. */
  count?: keyof AdminNavCounts;
  /** What the count means, for screen readers: "3 pending". */
  countLabel?: string;
}

/** Every section of the admin area, in the order of the side navigation. */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/wholesalers", label: "Wholesalers", icon: Store },
  { to: "/admin/states", label: "States", icon: MapIcon },
  { to: "/admin/festivals", label: "Festivals", icon: CalendarDays },
  { to: "/admin/blog", label: "Blog", icon: Newspaper },
  { to: "/admin/grocery-stores", label: "Grocery Stores", icon: ShoppingBasket },
  { to: "/admin/subscribers", label: "Subscribers", icon: Mail },
  { to: "/admin/newsletter", label: "Newsletter", icon: Megaphone },
  { to: "/admin/mail", label: "Mail", icon: Send },
  { to: "/admin/suggestions", label: "Suggestions", icon: Lightbulb, count: "pendingSuggestions", countLabel: "pending" },
  { to: "/admin/submissions", label: "Business listings", icon: ClipboardList, count: "pendingSubmissions", countLabel: "pending" },
  { to: "/admin/reports", label: "Reports", icon: Flag, count: "openReports", countLabel: "open" },
  { to: "/admin/demand", label: "Demand", icon: MapPinned },
  // Claims and owners' changes of name or address waiting for a decision (decision 045).
  { to: "/admin/claims", label: "Owner claims", icon: BadgeCheck, count: "ownerQueue", countLabel: "waiting" },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/image-manager", label: "Image Manager", icon: ImageIcon },
];
