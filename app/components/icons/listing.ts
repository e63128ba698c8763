import {
  ArrowLeft as ArrowLeftIcon,
  BadgeCheck as BadgeCheckIcon,
  FilterX as FilterXIcon,
  Flag as FlagIcon,
  Globe as GlobeIcon,
  Loader2 as Loader2Icon,
  LocateFixed as LocateFixedIcon,
  Navigation as NavigationIcon,
  Phone as PhoneIcon,
  SearchX as SearchXIcon,
  SlidersHorizontal as SlidersHorizontalIcon,
} from "lucide-react";

/**
 * The icons of the listing cards, the zipcode finder and the result pages' filters (the home,
 * state, near, search and listing pages), in one script instead of one per icon (docs/decisions/018-first-load-javascript.md).
 * Rollup makes one chunk of the modules that the same pages load; each lucide icon is a module, so an icon
 * imported from lucide-react by pages that differ ever so little becomes a file of its own. Every module of
 * the app, admin pages included, imports these icons from here and never from lucide-react, so lucide's
 * modules of them are reached only through this one and land in its chunk.
 */
export const ArrowLeft = ArrowLeftIcon;
export const BadgeCheck = BadgeCheckIcon;
export const FilterX = FilterXIcon;
export const Flag = FlagIcon;
export const Globe = GlobeIcon;
export const Loader2 = Loader2Icon;
export const LocateFixed = LocateFixedIcon;
export const Navigation = NavigationIcon;
export const Phone = PhoneIcon;
export const SearchX = SearchXIcon;
export const SlidersHorizontal = SlidersHorizontalIcon;
