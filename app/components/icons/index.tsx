import { forwardRef, type ForwardRefExoticComponent, type ReactNode, type RefAttributes, type SVGProps } from "react";
import spriteUrl from "./sprite.generated.svg?url";
import type { IconName } from "./names";

export type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; children?: ReactNode };
/** An icon component, for props and tables that take one. */
export type IconComponent = ForwardRefExoticComponent<Omit<IconProps, "ref"> & RefAttributes<SVGSVGElement>>;

/** An icon given no title, role or ARIA attribute is decoration, hidden from screen readers (lucide's rule). */
function decorative(props: Record<string, unknown>, children: ReactNode) {
  if (children != null) return false;
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return false;
  }
  return true;
}

/**
 * One lucide icon, drawn from the site's sprite (docs/decisions/038-icons-from-one-sprite.md): an `<svg>` with
 * the class `lucide` (then the caller's) whose one child is a `<use>` of the icon's `<symbol>` in the sprite, an
 * immutable file the browser fetches once for every page. The icon's shapes are neither in the page's HTML nor in
 * its JavaScript, and lucide's presentation (24 px, no fill, a round 2 px stroke in the text's colour) is one rule
 * of `app/styles/html-pages.css`, not six attributes on each of a page's 50 to 110 icons (issue #39). Nor does it
 * carry a viewBox: a `<use>` of a `<symbol>` fills its `<svg>`, and the symbol's own viewBox (0 0 24 24) scales the
 * drawing to the size the classes give.
 */
function spriteIcon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ className, size, children, ...props }, ref) {
    return (
      <svg
        width={size}
        height={size}
        aria-hidden={decorative(props, children) ? "true" : undefined}
        {...props}
        ref={ref}
        className={className ? `lucide ${className}` : "lucide"}
      >
        {children}
        <use href={href} />
      </svg>
    );
  });
  Icon.displayName = name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return Icon;
}

export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BadgeCheck = spriteIcon("badge-check");
export const Bold = spriteIcon("letter-b");
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
export const CopyCheck = spriteIcon("copy-check");
export const DatabaseBackup = spriteIcon("database-backup");
export const Download = spriteIcon("download");
export const ExternalLink = spriteIcon("external-link");
export const FileSpreadsheet = spriteIcon("file-spreadsheet");
export const FilterX = spriteIcon("funnel-x");
export const Flag = spriteIcon("flag");
export const Flower2 = spriteIcon("flower-2");
export const Globe = spriteIcon("globe");
export const Heading2 = spriteIcon("heading-2");
export const History = spriteIcon("rotate-ccw-clock");
export const ImageDown = spriteIcon("image-down");
export const ImageIcon = spriteIcon("image");
export const ImageUp = spriteIcon("image-up");
export const Info = spriteIcon("info");
export const Italic = spriteIcon("italic");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const Lightbulb = spriteIcon("lightbulb");
export const Link2 = spriteIcon("link-2");
export const List = spriteIcon("list");
export const ListOrdered = spriteIcon("list-ordered");
export const Loader2 = spriteIcon("loader-circle");
export const LocateFixed = spriteIcon("locate-fixed");
export const LogIn = spriteIcon("log-in");
export const LogOut = spriteIcon("log-out");
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
export const PenLine = spriteIcon("pen-line");
export const Pencil = spriteIcon("pencil");
export const Phone = spriteIcon("phone");
export const PiggyBank = spriteIcon("piggy-bank");
export const Plus = spriteIcon("plus");
export const Quote = spriteIcon("quote");
export const RefreshCcw = spriteIcon("refresh-ccw");
export const Rss = spriteIcon("rss");
export const Search = spriteIcon("search");
export const SearchX = spriteIcon("search-x");
export const Send = spriteIcon("send");
export const Settings = spriteIcon("settings");
export const ShieldAlert = spriteIcon("shield-exclamation-point");
export const ShieldCheck = spriteIcon("shield-check");
export const ShoppingBasket = spriteIcon("shopping-basket");
export const SlidersHorizontal = spriteIcon("sliders-horizontal");
export const Sparkles = spriteIcon("sparkles");
export const Star = spriteIcon("star");
export const Store = spriteIcon("store");
export const Ticket = spriteIcon("ticket");
export const Trash2 = spriteIcon("trash");
export const TriangleAlert = spriteIcon("triangle-exclamation-point");
export const X = spriteIcon("x");
