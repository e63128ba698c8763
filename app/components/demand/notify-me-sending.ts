import { useEffect } from "react";
import { useFetcher, useLocation, useNavigate, useNavigationType } from "react-router";
import { useKeptResult } from "~/components/ui/unsent-notice";
import type { Unsent } from "~/http/unsent-form";
import { NOTIFY_ME_PATH } from "./notify-me-path";

/** What /notify-me's action answers: "check your inbox", or the form's values again with what was wrong. */
export type NotifyMeAnswer =
  | { ok: true; message: string; zipcode: string; radius: number }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Partial<Record<"email" | "zipcode" | "radius", string>> };

const HANDED_OVER = "notifyMeAnswer";

/**
 * A "tell me when a supplier is listed" form, sent with JavaScript (issue #38). The form posts to /notify-me as a
 * fetcher, so that sent without a connection (the route's `clientAction`, `keepUnsentForm`) it stays on its page with
 * what was typed and the notice; a navigation would have to load /notify-me, and reach the error page. The server's
 * answer is then shown where the form has always led, /notify-me's page, which reads it from the history entry
 * (`useHandedOverAnswer`). Without JavaScript the browser posts the form to /notify-me itself.
 */
export function useNotifyMeSending() {
  const fetcher = useFetcher<NotifyMeAnswer | Unsent>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { result, unsent } = useKeptResult(fetcher.state === "idle" ? fetcher.data : undefined);
  useEffect(() => {
    // On /notify-me's own page the answer replaces the page, as a post to the page's own address does.
    if (result) void navigate(NOTIFY_ME_PATH, { state: { [HANDED_OVER]: result }, replace: pathname === NOTIFY_ME_PATH });
  }, [result, navigate, pathname]);
  // Nothing on the page changes with the answer, so its data is not loaded again after it.
  const formProps = { method: "post", action: NOTIFY_ME_PATH, defaultShouldRevalidate: false } as const;
  return { fetcher, formProps, unsent, busy: fetcher.state !== "idle" };
}

/**
 * The answer a form handed over to /notify-me's page as it went there (useNotifyMeSending). Only on that navigation:
 * the page loaded again, or gone back to, shows the form, as after a post (and the server, which never sees the
 * history entry, renders the same).
 */
export function useHandedOverAnswer(): NotifyMeAnswer | undefined {
  const { state } = useLocation();
  const navigationType = useNavigationType();
  if (navigationType === "POP" || typeof state !== "object" || state === null || !(HANDED_OVER in state)) return undefined;
  return state[HANDED_OVER] as NotifyMeAnswer;
}
