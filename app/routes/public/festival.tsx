import { data, Link } from "react-router";
import { formatDateRange, durationInDays } from "~/components/festivals/dates";
import { FestivalCard } from "~/components/festivals/festival-card";
import { festivalCard } from "~/services/festivals/festival-cards.server";
import { festivalEvent } from "~/services/seo/festival-json-ld";
import { googleCalendarUrl } from "~/services/festivals/calendar.server";
import { festivalsOverview } from "~/services/festivals/festivals-page.server";
import type { Festival } from "~/services/festivals/festivals.server";
import { describeRule, parseRRule } from "~/services/festivals/recurrence";
import { FESTIVALS_FEED_PATH } from "~/http/calendar-routes.server";
import { parseId } from "~/services/ids";
import { todayIsoDate } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/festival";
import { ArrowLeft, Globe, CalendarDays, CalendarPlus, Download, ExternalLink, Ticket, Flower2, MapPin, CalendarHeart, Rss } from "~/components/icons";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import { clsx } from "clsx";

export const NOT_FOUND_TITLE = "Festival Not Found";

const MORE_FESTIVALS = 3;

const toSummary = ({ updatedAt: _updatedAt, ...festival }: Festival) => festival;

export async function loader({ params }: Route.LoaderArgs) {
  await requireFeature("festivals");
  const id = parseId(params.id);
  const today = todayIsoDate();
  // Every festival on its current occurrence, past one-offs too, as getFestival reads each: kept until a write (issue #39).
  const { everyFestival, upcomingFestivals } = await festivalsOverview(today);
  const festival = id === undefined ? undefined : everyFestival.find((each) => each.id === id);
  if (!festival) return data({ found: false as const }, { status: 404 });
  const others = upcomingFestivals.filter((other) => other.id !== festival.id);
  // Festivals in the same state first, then the soonest elsewhere.
  const more = [...others.filter((other) => other.state === festival.state), ...others.filter((other) => other.state !== festival.state)];
  return {
    found: true as const,
    festival: toSummary(festival),
    googleCalendarUrl: googleCalendarUrl(festival, getEnv().SITE_URL),
    subscribeUrl: `webcal://${new URL(getEnv().SITE_URL).host}${FESTIVALS_FEED_PATH}`,
    today,
    more: more.slice(0, MORE_FESTIVALS).map((other) => festivalCard(other)),
  };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData, params }) => {
  if (!loaderData?.found) {
    return pageMeta(matches, { title: NOT_FOUND_TITLE, path: `/festivals/${params.id}`, noindex: true });
  }
  const { festival } = loaderData;
  const description = `${formatDateRange(festival.startDate, festival.endDate, "long")} at ${festival.location}, ${festival.city}, ${festival.state}. ${festival.description}`;
  return pageMeta(matches, {
    title: festival.name,
    description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}...` : description,
    keywords: `${festival.name}, flower festival, ${festival.city}, ${festival.state}`,
    path: `/festivals/${festival.id}`,
    image: festival.image,
    jsonLd: import.meta.env.SSR ? festivalEvent(festival, siteIdentity(matches).url) : undefined,
  });
};

function FestivalNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <Flower2 className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-muted">
        We could not find that festival. It may have been removed, or the link may be mistyped.
      </p>
      <Link to="/festivals" className={clsx(buttonVariants(), "mt-8")}>
        <ArrowLeft aria-hidden="true" />
        Back to Festivals
      </Link>
    </div>
  );
}

type Status = { label: string; className: string };

function statusOf(festival: { startDate: string; endDate: string }, today: string): Status {
  // Only a one-off is ever past: a yearly festival is read on its current occurrence (services/festivals/occurrences.server.ts).
  if (festival.endDate < today) return { label: "This festival has ended", className: "bg-stone-100 text-muted" };
  if (festival.startDate <= today) return { label: "Happening now", className: "bg-leaf text-white" };
  return { label: "Upcoming", className: "bg-white text-leaf ring-1 ring-leaf/30" };
}

function Fact({ icon: Icon, term, children }: { icon: typeof MapPin; term: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 rounded-2xl border border-stone-200 bg-white py-4 pl-[4.25rem] pr-4">
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">
        <span className="absolute left-4 top-4 flex size-10 items-center justify-center rounded-full bg-blush text-rose-brand">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 font-medium text-ink">{children}</dd>
    </div>
  );
}

/** A festival's page. */
export default function Festival({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <FestivalNotFound />;
  const { festival, today, more } = loaderData;
  const status = statusOf(festival, today);
  const days = durationInDays(festival.startDate, festival.endDate);
  const paragraphs = festival.description.split(/\n{2,}/).filter(Boolean);
  const rule = festival.recurrence ? parseRRule(festival.recurrence) : undefined;

  return (
    <>
      <article>
        <div className="border-b border-stone-200/70 bg-gradient-to-br from-blush via-cream to-[#eef4ef]">
          <div className="mx-auto max-w-7xl px-4 pb-10 pt-6 sm:px-6 sm:pb-14 sm:pt-8 lg:px-8">
            <Link
              to="/festivals"
              className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-muted transition-colors hover:text-rose-brand"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Festivals
            </Link>
            <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:gap-12">
              <div className="overflow-hidden rounded-3xl bg-blush shadow-lg ring-1 ring-black/5">
                <ResponsiveImage
                  src={festival.image}
                  alt={festival.name}
                  width={1200}
                  height={800}
                  sizes="(min-width: 1280px) 640px, (min-width: 1024px) 52vw, calc(100vw - 2rem)"
                  loading="eager"
                  fetchPriority="high"
                  className="aspect-[3/2] size-full object-cover"
                />
              </div>
              <div>
                <p className={clsx("inline-flex rounded-full px-3 py-1 text-xs font-semibold", status.className)}>{status.label}</p>
                <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight tracking-tight text-ink sm:text-5xl">
                  {festival.name}
                </h1>
                <ul className="mt-4 grid gap-2 text-lg text-muted">
                  <li className="flex items-center gap-2.5">
                    <CalendarDays className="size-5 shrink-0 text-rose-brand" aria-hidden="true" />
                    <time dateTime={festival.startDate}>{formatDateRange(festival.startDate, festival.endDate, "long")}</time>
                  </li>
                  {rule ? (
                    <li className="flex items-center gap-2.5 text-base" data-testid="festival-recurrence">
                      <CalendarHeart className="size-5 shrink-0 text-rose-brand" aria-hidden="true" />
                      {`Every year: ${describeRule(rule)}`}
                    </li>
                  ) : null}
                  <li className="flex items-center gap-2.5">
                    <MapPin className="size-5 shrink-0 text-rose-brand" aria-hidden="true" />
                    {festival.city}, {festival.state}
                  </li>
                </ul>
                <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                  {festival.website ? (
                    <a href={festival.website} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "lg" })}>
                      <Globe aria-hidden="true" />
                      Official website
                      <span className="sr-only">(opens in a new tab)</span>
                      <ExternalLink aria-hidden="true" />
                    </a>
                  ) : null}
                  <a href="#add-to-calendar" className={buttonVariants({ variant: "secondary", size: "lg" })}>
                    <CalendarPlus aria-hidden="true" />
                    Add to calendar
                  </a>
                </div>
              </div>
            </div>
          </div>
        </div>

        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14 lg:px-8">
          <div>
            <h2 className="font-serif text-2xl font-semibold text-ink sm:text-3xl">About the festival</h2>
            <div className="mt-4 grid max-w-prose gap-4 text-lg leading-relaxed text-ink/85">
              {paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
            <h2 className="mt-10 font-serif text-2xl font-semibold text-ink">Visiting</h2>
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              <Fact icon={CalendarDays} term="Dates">
                {formatDateRange(festival.startDate, festival.endDate, "long")}
                <span className="block text-sm font-normal text-muted">{days === 1 ? "One day" : `${days} days`}</span>
              </Fact>
              <Fact icon={MapPin} term="Venue">
                {festival.location}
                <span className="block text-sm font-normal text-muted">
                  {festival.city}, {festival.state}
                </span>
              </Fact>
              {festival.ticketPrice ? (
                <Fact icon={Ticket} term="Tickets">
                  {festival.ticketPrice}
                </Fact>
              ) : null}
              {festival.website ? (
                <Fact icon={Globe} term="Website">
                  <a
                    href={festival.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-rose-brand underline-offset-4 hover:underline"
                  >
                    {festival.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Fact>
              ) : null}
            </dl>
          </div>

          <section
            id="add-to-calendar"
            aria-labelledby="add-to-calendar-heading"
            className="h-fit scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id="add-to-calendar-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
              <CalendarPlus className="size-5 text-rose-brand" aria-hidden="true" />
              Add to calendar
            </h2>
            <p className="mt-1 text-sm text-muted">Save the dates in the calendar you already use.</p>
            <div className="mt-4 grid gap-2">
              <a href={`/festivals/${festival.id}.ics`} download className={buttonVariants({ variant: "secondary" })}>
                <Download aria-hidden="true" />
                Download .ics file
              </a>
              <a
                href={loaderData.googleCalendarUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: "secondary" })}
              >
                <CalendarDays aria-hidden="true" />
                Google Calendar
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
            <a
              href={loaderData.subscribeUrl}
              className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-rose-brand underline-offset-4 hover:underline"
            >
              <Rss className="size-4" aria-hidden="true" />
              Subscribe to all festivals
            </a>
          </section>
        </div>
      </article>

      {more.length > 0 ? (
        <section aria-labelledby="more-heading" className="border-t border-stone-200/70 bg-white/50">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="more-heading" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
              More flower festivals
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {more.map((other) => (
                <li key={other.id}>
                  <FestivalCard festival={other} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
