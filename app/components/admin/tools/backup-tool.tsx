import { Download } from "~/components/icons";
import { DatabaseBackup } from "~/components/icons/admin";
import { Button } from "~/components/ui/button";
import { ToolCard } from "./tool-card";

/** A plain form post: the browser saves the answer as a file, streamed, however large the site is. */
export function BackupTool({ database }: { database: "sqlite" | "postgres" }) {
  return (
    <ToolCard
      icon={DatabaseBackup}
      title="Backup"
      description={
        <>
          <p>
            Downloads the whole site as one <code className="text-ink">.tar.gz</code> file:{" "}
            {database === "sqlite"
              ? "a consistent snapshot of the SQLite database"
              : "every table of the PostgreSQL database, read in one consistent snapshot"}
            , taken while the site keeps running, and every uploaded photo.
          </p>
          <p className="mt-2">
            To restore it, stop the site and run, with the same {database === "sqlite" ? "DATA_DIR" : "DATA_DIR and DATABASE_URL"} as the
            site (add <code className="text-ink">--force</code> to replace data that is there):
          </p>
          <code className="mt-2 block rounded-lg bg-stone-100 px-3 py-2 text-xs text-ink [overflow-wrap:anywhere]">
            npm run db:restore -- wholesale-flower-finder-YYYY-MM-DD.tar.gz
          </code>
        </>
      }
    >
      <form method="post" action="/admin/tools/backup">
        <Button type="submit" variant="secondary">
          <Download aria-hidden="true" />
          Download backup
        </Button>
      </form>
    </ToolCard>
  );
}
