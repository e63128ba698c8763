import { TriangleAlert } from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONFIRM_DUPLICATES_FIELD, POSSIBLE_DUPLICATES_MESSAGE } from "~/services/wholesalers/duplicates";

export interface DuplicateItem {
  /** "Rose Market, 754 Wall St, Los Angeles, California 90014 (same street address)" */
  text: string;
  /** The listing in the admin's wholesaler list. */
  href?: string;
}

/**
 * The listings a new one may duplicate, before it is created. `children` is how the admin confirms that it
 * is a different business (a checkbox in a form, or a button).
 */
export function PossibleDuplicates({
  items,
  children,
  message = POSSIBLE_DUPLICATES_MESSAGE,
}: {
  items: DuplicateItem[];
  children?: ReactNode;
  /** What the admin should do about them; by default, confirm before adding the listing anyway. */
  message?: string;
}) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
        Possible {items.length === 1 ? "duplicate" : "duplicates"}
      </p>
      <p className="mt-1">{message}</p>
      <ul className="mt-2 grid list-disc gap-1 pl-5 [overflow-wrap:anywhere]">
        {items.map((item) => (
          <li key={item.text}>
            {item.href ? (
              <Link to={item.href} className="font-medium underline underline-offset-2 hover:text-amber-800">
                {item.text}
              </Link>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
      {children ? <div className="mt-3">{children}</div> : null}
    </div>
  );
}

/** The add dialog's confirmation: the duplicates the last save found (one a line) and the box to tick before saving again. */
export function ConfirmDuplicatesField({ duplicates }: { duplicates: string }) {
  return (
    <PossibleDuplicates items={duplicates.split("\n").map((text) => ({ text }))}>
      <label className="flex items-start gap-3 font-medium">
        <input type="checkbox" name={CONFIRM_DUPLICATES_FIELD} value="1" className="mt-0.5 size-5 shrink-0 rounded accent-rose-brand" />
        It is a different business: add it anyway
      </label>
    </PossibleDuplicates>
  );
}
