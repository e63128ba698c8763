import { BadgeCheck } from "~/components/icons";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { ActionResult } from "~/http/action-result";

/** "Mark verified today": the admin has just confirmed the listing's facts. Toasts the answer. */
export function VerifyButton({ wholesaler }: { wholesaler: { id: number; name: string; updatedAt: string } }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data?.intent === "verify" ? fetcher.data : undefined, { ok: "Verified", failed: "Could not mark it verified" });
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
