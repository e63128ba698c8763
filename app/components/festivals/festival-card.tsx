import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { ArrowRight, CalendarDays, MapPin, Ticket } from "~/components/icons";
import type { Festival, FestivalCardData } from "~/services/festivals/types";

export type { FestivalCardData };
import { formatDateRange, monthAndDay } from "./dates";

/** The venue and city, as "Rose Bowl, Pasadena". */
export const venueAndCity = (festival: Pick<Festival, "location" | "city">) => `${festival.location}, ${festival.city}`;

function DateBadge({ date }: { date: string }) {
  const { month, day } = monthAndDay(date);
  return (
    <span className="fc-badge" aria-hidden="true">
      <span>{month}</span>
      <span>{day}</span>
    </span>
  );
}

function Facts({ festival, compact = false }: { festival: FestivalCardData; compact?: boolean }) {
  return (
    <ul className="fc-facts">
      <li>
        <CalendarDays />
        <span>
          <span className="sr-only">Dates: </span>
          <time dateTime={festival.startDate}>{formatDateRange(festival.startDate, festival.endDate)}</time>
          {festival.yearly ? <span className="text-muted"> · every year</span> : null}
        </span>
      </li>
      <li>
        <MapPin />
        <span>
          <span className="sr-only">Venue: </span>
          {venueAndCity(festival)}
        </span>
      </li>
      {festival.ticketPrice && !compact ? (
        <li>
          <Ticket />
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
function DetailsLink({ festival }: { festival: FestivalCardData }) {
  return (
    <Link to={`/festivals/${festival.id}`} className="fc-link">
      View details<span className="sr-only">{`: ${festival.name}`}</span>
      <ArrowRight className="fc-arrow" />
    </Link>
  );
}

interface CardProps {
  festival: FestivalCardData;
  /** Above the fold: load the image at once instead of lazily. */
  eager?: boolean;
  /** Upcoming block: dates and venue only, picture on top from md (three across) instead of from sm. */
  compact?: boolean;
}

// Phones get a thumbnail beside the text, so a long list stays short; wider screens a picture on top, from sm
// (the list) or from md (the upcoming block). The classes are named ones (app/styles/html-lists.css, issue #39).
const layouts = {
  // A 112 px thumbnail on phones; from sm, two or three cards across (beside the filters from lg).
  // The sizes without the spaces CSS allows (issue #39: the list repeats them on every card).
  sm: { className: "fc-sm", sizes: "(min-width:1280px) 280px,(min-width:1024px) 340px,(min-width:640px) 50vw,112px" },
  md: { className: "fc-md", sizes: "(min-width:1280px) 400px,(min-width:768px) 33vw,(min-width:640px) 176px,128px" },
};

/** A festival: picture, state, name, dates, "venue, city", tickets and "View details". */
export function FestivalCard({ festival, eager = false, compact = false }: CardProps) {
  const layout = compact ? layouts.md : layouts.sm;
  return (
    <article data-testid="festival-card" className={`group fc ${layout.className}`}>
      <div className="fc-media">
        <ResponsiveImage src={festival.image} alt="" width={1200} height={800} sizes={layout.sizes} loading={eager ? "eager" : "lazy"} />
        <DateBadge date={festival.startDate} />
      </div>
      <div className="fc-body">
        <p className="fc-state">{festival.state}</p>
        <h3 className="fc-title">{festival.name}</h3>
        <Facts festival={festival} compact={compact} />
        {compact ? null : <p className="fc-text">{festival.description}</p>}
        <div className="fc-foot">
          <DetailsLink festival={festival} />
        </div>
      </div>
    </article>
  );
}
