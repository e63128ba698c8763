/**
 * The icons of the public pages, each a lucide icon drawn from the site's sprite (`sprite-icon.tsx`). Icons only
 * the admin and owner screens draw are in `admin.tsx`, so that no public page loads their definitions.
 */
import { spriteIcon } from "./sprite-icon";

export type { IconComponent, IconProps } from "./sprite-icon";

export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BadgeCheck = spriteIcon("badge-check");
export const BookOpen = spriteIcon("book-open");
export const CalendarDays = spriteIcon("calendar-days");
export const CalendarHeart = spriteIcon("calendar-heart");
export const CalendarPlus = spriteIcon("calendar-plus");
export const CalendarSearch = spriteIcon("calendar-search");
export const Check = spriteIcon("check");
export const CheckCircle2 = spriteIcon("circle-check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleAlert = spriteIcon("circle-exclamation-point");
export const ClipboardList = spriteIcon("clipboard-list");
export const Clock = spriteIcon("clock");
export const Compass = spriteIcon("compass");
export const Download = spriteIcon("download");
export const ExternalLink = spriteIcon("external-link");
export const FilterX = spriteIcon("funnel-x");
export const Flag = spriteIcon("flag");
export const Flower2 = spriteIcon("flower-2");
export const Globe = spriteIcon("globe");
export const Info = spriteIcon("info");
export const Lightbulb = spriteIcon("lightbulb");
export const Loader2 = spriteIcon("loader-circle");
export const LocateFixed = spriteIcon("locate-fixed");
export const Mail = spriteIcon("mail");
export const MailQuestion = spriteIcon("mail-question-mark");
export const MailX = spriteIcon("mail-x");
export const MapIcon = spriteIcon("map");
export const MapPin = spriteIcon("map-pin");
export const MapPinned = spriteIcon("map-pinned");
export const Megaphone = spriteIcon("megaphone");
export const Menu = spriteIcon("menu");
export const Navigation = spriteIcon("navigation");
export const Newspaper = spriteIcon("newspaper");
export const Phone = spriteIcon("phone");
export const PiggyBank = spriteIcon("piggy-bank");
export const Rss = spriteIcon("rss");
export const Search = spriteIcon("search");
export const SearchX = spriteIcon("search-x");
export const Send = spriteIcon("send");
export const ShieldCheck = spriteIcon("shield-check");
export const ShoppingBasket = spriteIcon("shopping-basket");
export const SlidersHorizontal = spriteIcon("sliders-horizontal");
export const Sparkles = spriteIcon("sparkles");
export const Store = spriteIcon("store");
export const Ticket = spriteIcon("ticket");
export const TriangleAlert = spriteIcon("triangle-exclamation-point");
export const X = spriteIcon("x");
