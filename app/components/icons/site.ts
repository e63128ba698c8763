import {
  ArrowRight as ArrowRightIcon,
  Clock as ClockIcon,
  Flower2 as Flower2Icon,
  Mail as MailIcon,
  MapPin as MapPinIcon,
  Menu as MenuIcon,
  Newspaper as NewspaperIcon,
  Rss as RssIcon,
  Search as SearchIcon,
  Store as StoreIcon,
  X as XIcon,
} from "lucide-react";

/**
 * The icons of the header, the footer and the 404 page, which every public page shows, and
 * ArrowRight, which most pages show, in one script instead of one per icon (docs/decisions/018-first-load-javascript.md).
 * Rollup makes one chunk of the modules that the same pages load; each lucide icon is a module, so an icon
 * imported from lucide-react by pages that differ ever so little becomes a file of its own. Every module of
 * the app, admin pages included, imports these icons from here and never from lucide-react, so lucide's
 * modules of them are reached only through this one and land in its chunk.
 */
export const ArrowRight = ArrowRightIcon;
export const Clock = ClockIcon;
export const Flower2 = Flower2Icon;
export const Mail = MailIcon;
export const MapPin = MapPinIcon;
export const Menu = MenuIcon;
export const Newspaper = NewspaperIcon;
export const Rss = RssIcon;
export const Search = SearchIcon;
export const Store = StoreIcon;
export const X = XIcon;
