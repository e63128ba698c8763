import { useState } from "react";
import { CircleAlert } from "~/components/icons";
import { isUnsent, type Unsent } from "~/http/unsent-form";
import { withCallerClasses } from "~/utils/cn";

export const UNSENT_MESSAGE = "Not sent: there is no connection. What you typed is still here; send it again when you have a signal.";

/**
 * A form's last answer from the server, and whether the last try went unsent (~/http/unsent-form.ts). An unsent try
 * leaves the form as it was (its key, its errors, what was typed): only the notice is added.
 */
export function useKeptResult<T>(latest: T | Unsent | undefined): { result: T | undefined; unsent: boolean } {
  const unsent = isUnsent(latest);
  const [sent, setSent] = useState<T | undefined>(unsent ? undefined : latest);
  if (!unsent && latest !== undefined && latest !== sent) setSent(latest);
  return { result: unsent ? sent : latest, unsent };
}

/** "Not sent: there is no connection…", above a form whose last try did not reach the server. */
export function UnsentNotice({ className }: { className?: string }) {
  return (
    <div
      role="alert"
      className={withCallerClasses("flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950", className)}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{UNSENT_MESSAGE}</p>
    </div>
  );
}
