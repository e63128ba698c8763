import { useState } from "react";
import { WeeklyHoursEditor } from "~/components/admin/wholesalers/weekly-hours-editor";
import { WEEKDAYS, type Weekday, type WeeklyHours } from "~/services/wholesalers/opening-hours";

/** The hours as last sent, mistakes included, so that a refused send shows them again to be corrected. */
function sentHours(json: string | undefined): WeeklyHours | null {
  try {
    const value: unknown = JSON.parse(json ?? "");
    const isRange = (range: unknown) =>
      typeof range === "object" &&
      range !== null &&
      typeof (range as Record<string, unknown>).open === "string" &&
      typeof (range as Record<string, unknown>).close === "string";
    const isWeek = (week: unknown): week is WeeklyHours =>
      typeof week === "object" &&
      week !== null &&
      WEEKDAYS.every((day) => {
        const ranges = (week as Record<string, unknown>)[day];
        return Array.isArray(ranges) && ranges.every(isRange);
      });
    return isWeek(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The weekly hours editor, holding what was entered across a refused send. Without JavaScript it is a plain text
 * field per day, which the server reads (services/submissions/submissions.server.ts); `plainDays` are what was
 * typed in them last.
 */
export function HoursField({
  initial,
  plainDays,
  error,
}: {
  initial?: string;
  plainDays?: Partial<Record<Weekday, string>>;
  error?: string;
}) {
  const [hours, setHours] = useState(() => sentHours(initial));
  return <WeeklyHoursEditor name="openingHours" value={hours} onChange={setHours} errors={error} plainDays={plainDays} plainFallback />;
}
