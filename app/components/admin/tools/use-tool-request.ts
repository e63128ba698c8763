import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/use-toast";

/**
 * A one-button tool posting to `action`: its answer once the request is done, announced once in a toast
 * (`titles.ok` or `titles.failed`, with the server's message).
 */
export function useToolRequest<T extends { ok?: boolean; message: string }>(action: string, titles: { ok: string; failed: string }) {
  const fetcher = useFetcher();
  // The tools answer plain JSON, so the answer is T as sent.
  const answer = fetcher.state === "idle" ? (fetcher.data as T | undefined) : undefined;
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    toast(
      answer.ok
        ? { title: titles.ok, description: answer.message, variant: "success" }
        : { title: titles.failed, description: answer.message, variant: "destructive" },
    );
  }, [answer, titles.ok, titles.failed]);
  return { answer, busy: fetcher.state !== "idle", run: () => void fetcher.submit(null, { method: "post", action }) };
}
