import { ArrowRight, MapPin, CalendarDays, Ticket } from "~/components/icons";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import type { Festival } from "~/services/festivals/types";
import { cn } from "~/utils/cn";
import { formatDateRange, monthAndDay } from "./dates";

export type FestivalSummary = Pick<
  Festival,
  "id" | "name" | "description" | "startDate" | "endDate" | "location" | "city" | "state" | "ticketPrice" | "image" | "featured"
> &
  Partial<Pick<Festival, "recurrence">>;

/** The venue and city, as "Rose Bowl, Pasadena". */
export const venueAndCity = (festival: Pick<Festival, "location" | "city">) => `${festival.location}, ${festival.city}`;

function DateBadge({ date, className }: { date: string; className?: string }) {
  const { month, day } = monthAndDay(date);
  return (
    <span
      className={cn(
        "flex size-14 flex-col items-center justify-center rounded-xl bg-white/95 text-center leading-none shadow-md ring-1 ring-black/5",
        className,
      )}
      aria-hidden="true"
    >
      <span className="text-[0.7rem] font-semibold uppercase tracking-wider text-rose-brand">{month}</span>
      <span className="mt-1 font-serif text-xl font-semibold text-ink">{day}</span>
    </span>
  );
}

function Facts({ festival, compact = false }: { festival: FestivalSummary; compact?: boolean }) {
  return (
    <ul className="grid gap-1.5 text-sm text-muted">
      <li className="flex items-start gap-2">
        <CalendarDays className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
        <span>
          <span className="sr-only">Dates: </span>
          <time dateTime={festival.startDate}>{formatDateRange(festival.startDate, festival.endDate)}</time>
          {festival.recurrence ? <span className="text-muted"> · every year</span> : null}
        </span>
      </li>
      <li className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
        <span>
          <span className="sr-only">Venue: </span>
          {venueAndCity(festival)}
        </span>
      </li>
      {festival.ticketPrice && !compact ? (
        <li className="flex items-start gap-2">
          <Ticket className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
          <span>
            <span className="sr-only">Tickets: </span>
            {festival.ticketPrice}
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** "View details", stretched over the whole card so the card is one big target; its name says which festival. */
function DetailsLink({ festival }: { festival: FestivalSummary }) {
  return (
    <Link
      to={`/festivals/${festival.id}`}
      className="inline-flex items-center gap-1 text-sm font-semibold text-rose-brand after:absolute after:inset-0 after:rounded-2xl hover:underline underline-offset-4"
    >
      View details<span className="sr-only">: {festival.name}</span>
      <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
    </Link>
  );
}

interface CardProps {
  festival: FestivalSummary;
  /** Above the fold: load the image at once instead of lazily. */
  eager?: boolean;
  /** Upcoming block: dates and venue only, picture on top from md (three across) instead of from sm. */
  compact?: boolean;
}

// Phones get a thumbnail beside the text, so a long list stays short; wider screens a picture on top.
const layouts = {
  sm: {
    article: "sm:flex-col",
    media: "w-28 sm:aspect-[3/2] sm:w-full",
    image: "sm:static",
    badge: "sm:left-3 sm:top-3 sm:size-14",
    body: "sm:p-5",
    title: "sm:text-xl",
    // A 112 px thumbnail on phones; from sm, two or three cards across (beside the filters from lg).
    sizes: "(min-width: 1280px) 280px, (min-width: 1024px) 340px, (min-width: 640px) 50vw, 112px",
  },
  md: {
    article: "md:flex-col",
    media: "w-32 sm:w-44 md:aspect-[3/2] md:w-full",
    image: "md:static",
    badge: "md:left-3 md:top-3 md:size-14",
    body: "md:p-5",
    title: "md:text-xl",
    sizes: "(min-width: 1280px) 400px, (min-width: 768px) 33vw, (min-width: 640px) 176px, 128px",
  },
};

/** A festival: picture, state, name, dates, "venue, city", tickets and "View details". */
export function FestivalCard({ festival, eager = false, compact = false }: CardProps) {
  const layout = compact ? layouts.md : layouts.sm;
  return (
    <article
      data-testid="festival-card"
      className={cn(
        "group relative flex h-full overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md",
        layout.article,
      )}
    >
      <div className={cn("relative shrink-0 overflow-hidden bg-blush", layout.media)}>
        <ResponsiveImage
          src={festival.image}
          alt=""
          width={1200}
          height={800}
          sizes={layout.sizes}
          loading={eager ? "eager" : "lazy"}
          className={cn("absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]", layout.image)}
        />
        <DateBadge date={festival.startDate} className={cn("absolute left-2 top-2 size-12", layout.badge)} />
      </div>
      <div className={cn("flex min-w-0 flex-1 flex-col gap-2 p-4", layout.body)}>
        <p className="text-xs font-semibold uppercase tracking-wider text-leaf">{festival.state}</p>
        <h3 className={cn("font-serif text-lg font-semibold leading-snug text-ink", layout.title)}>{festival.name}</h3>
        <Facts festival={festival} compact={compact} />
        {compact ? null : <p className="hidden text-sm text-ink/80 sm:line-clamp-2">{festival.description}</p>}
        <div className="mt-auto pt-1">
          <DetailsLink festival={festival} />
        </div>
      </div>
    </article>
  );
}
