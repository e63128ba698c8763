import { RefreshCcw } from "~/components/icons/admin";
import { Button } from "~/components/ui/button";
import type { ClearedCache } from "~/services/tools/types";
import { Alert, ToolCard } from "./tool-card";
import { useToolRequest } from "./use-tool-request";

interface ClearCacheAnswer {
  ok?: boolean;
  message: string;
  cleared?: ClearedCache[];
}

export function ClearCacheTool() {
  const { answer, busy, run } = useToolRequest<ClearCacheAnswer>("/admin/tools/clear-cache", {
    ok: "Cache cleared",
    failed: "Could not clear the cache",
  });

  return (
    <ToolCard
      icon={RefreshCcw}
      title="Clear cache"
      description="Drops every server-side cache, such as the site settings kept in memory, so that the next page view reads everything fresh from the database."
    >
      <Button type="button" variant="secondary" disabled={busy} onClick={run}>
        <RefreshCcw aria-hidden="true" />
        {busy ? "Clearing..." : "Clear cache"}
      </Button>
      <div role="status" className="mt-3 text-sm text-ink empty:hidden">
        {answer?.ok ? answer.message : null}
      </div>
      <Alert>{answer && !answer.ok ? answer.message : undefined}</Alert>
    </ToolCard>
  );
}
