import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { ActionResult } from "~/http/action-result";
import { toast } from "~/components/ui/use-toast";

interface ActionToastOptions<Result extends ActionResult> {
  /** The success toast's title, or how to word it from the answer. */
  ok: string | ((result: Result) => string);
  /** The failure toast's title. */
  failed: string;
  /** After a refusal, reload the page's data: a refused review does not reload the list by itself. */
  revalidateOnFailure?: boolean;
  /** An answer already there when the component mounts has had its toast (a fetcher shared by key). */
  ignoreInitial?: boolean;
}

/**
 * Toasts each new answer of an admin action once, as soon as it arrives: the success title or the failure title,
 * with the answer's message. Pass `undefined` for an answer that must not be toasted (another intent's).
 */
export function useActionToast<Result extends ActionResult>(result: Result | undefined, options: ActionToastOptions<Result>) {
  const handled = useRef(options.ignoreInitial ? result : undefined);
  const revalidator = useRevalidator();
  const { ok, failed, revalidateOnFailure = false } = options;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (!result.ok && revalidateOnFailure) void revalidator.revalidate();
    toast(
      result.ok
        ? { title: typeof ok === "function" ? ok(result) : ok, description: result.message, variant: "success" }
        : { title: failed, description: result.message, variant: "destructive" },
    );
  }, [result, ok, failed, revalidateOnFailure, revalidator]);
}
