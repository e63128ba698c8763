import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/http/action-result";
import { TextAreaField } from "../list/fields";

/**
 * The flower holidays the listing pages count down to (a "holidays" intent of the settings page): one holiday a
 * line, its name and date. Emptied, the site goes back to Valentine's Day and Mother's Day by their rules.
 */
export function FlowerHolidaysForm({ text, version }: { text: string; version: string }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data?.intent === "holidays" && fetcher.state === "idle" ? fetcher.data : undefined;
  useActionToast(result, { ok: "Flower holidays updated", failed: "Could not save the flower holidays" });
  const error = result && !result.ok ? (result.fieldErrors?.holidays ?? result.message) : undefined;
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-8">
      <h2 className="font-serif text-xl font-semibold text-ink">Flower holidays</h2>
      <p className="mt-1 text-sm text-muted">
        Four weeks before a holiday&rsquo;s week, each listing page says whether its hours for that week are confirmed (special hours on a
        day of it) or not yet.
      </p>
      <fetcher.Form method="post" noValidate className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="holidays" />
        {/* The version this text was read at: a save over someone else's later one is refused, not lost. */}
        <input type="hidden" name="version" value={version} />
        <TextAreaField
          name="holidays"
          label="Holidays and their dates"
          defaultValue={text}
          rows={6}
          error={error}
          hint="One a line, its name then its date: Mother's Day: 2027-05-09. Leave it empty for Valentine's Day and Mother's Day of this year and the next."
        />
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save Flower Holidays"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
