import { lazy, Suspense, type ComponentType } from "react";
import type { FestivalCalendarProps } from "./festival-calendar";

/**
 * The festival calendar (react-day-picker with date-fns, about 24 KB gzip) is not part of the festivals
 * page's first-load JavaScript (issue #13). The server renders it in full, in place (entry.server.tsx), so
 * the page shows it without JavaScript, and its days are submit buttons of the page's GET form, so picking
 * one works before the script has run; in the browser its code loads after the page's own, and React
 * hydrates the calendar when it arrives (a Suspense boundary keeps the server's HTML until then).
 */
const loadCalendar = () => import("./festival-calendar");

let ServerCalendar: ComponentType<FestivalCalendarProps> | undefined;
if (import.meta.env.SSR) ServerCalendar = (await loadCalendar()).FestivalCalendar;

const BrowserCalendar = lazy(async () => ({ default: (await loadCalendar()).FestivalCalendar }));

export function FestivalCalendarSlot(props: FestivalCalendarProps) {
  const Calendar = ServerCalendar ?? BrowserCalendar;
  return (
    // Shown only after a client-side navigation to the page, for the moment the calendar's code loads.
    <Suspense fallback={<div aria-hidden="true" className="h-[23rem] animate-pulse rounded-2xl bg-stone-200/60" />}>
      <Calendar {...props} />
    </Suspense>
  );
}
