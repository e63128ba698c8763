import { Mail } from "~/components/icons";
import { withCallerClasses } from "~/utils/cn";
import { waitingNearText } from "~/services/demand/demand-text";

/** "3 people are waiting for a supplier near 59301. We write to them once …": on "List your business" and the claim page. */
export function WaitingNearNote({
  people,
  zipcode,
  then,
  className,
}: {
  people: number;
  zipcode: string;
  then: string;
  className?: string;
}) {
  return (
    <p
      className={withCallerClasses("flex items-start gap-3 rounded-2xl border border-rose-brand/20 bg-white px-4 py-3 text-ink", className)}
      data-testid="waiting-near"
    >
      <Mail className="mt-0.5 size-5 shrink-0 text-rose-brand" aria-hidden="true" />
      <span>
        <strong className="font-semibold">{waitingNearText(people, zipcode)}</strong> {then}
      </span>
    </p>
  );
}
