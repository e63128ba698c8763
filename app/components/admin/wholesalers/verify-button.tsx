import { BadgeCheck } from "~/components/icons";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { ActionResult } from "~/http/action-result";

/** "Mark verified today": the admin has just confirmed the listing's facts. Toasts the answer. */
export function VerifyButton({ wholesaler }: { wholesaler: { id: number; name: string; updatedAt: string } }) {
  const fetcher = useFetcher<ActionResult>();
  const handled = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || result.intent !== "verify" || handled.current === result) return;
    handled.current = result;
    toast(
      result.ok
        ? { title: "Verified", description: result.message, variant: "success" }
        : { title: "Could not mark it verified", description: result.message, variant: "destructive" },
    );
  }, [fetcher.data]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={wholesaler.id} />
      <input type="hidden" name="updatedAt" value={wholesaler.updatedAt} />
      <input type="hidden" name="name" value={wholesaler.name} />
      <Button
        type="submit"
        name="intent"
        value="verify"
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`Mark verified today: ${wholesaler.name}`}
      >
        <BadgeCheck aria-hidden="true" />
        {busy ? "Saving..." : "Mark verified today"}
      </Button>
    </fetcher.Form>
  );
}
