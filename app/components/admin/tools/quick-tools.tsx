import type { JobsOverview } from "~/services/jobs/types";
import { BackupTool } from "./backup-tool";
import { ClearCacheTool } from "./clear-cache-tool";
import { ImportTool } from "./import-tool";
import { OptimiseImagesTool } from "./optimise-images-tool";
import { useJobs } from "./use-jobs";

/** The dashboard's Quick Tools tab: backup, cache, images and CSV import, the long ones sharing one job slot. */
export function QuickTools({ database, jobs: initialJobs }: { database: "sqlite" | "postgres"; jobs: JobsOverview }) {
  const jobs = useJobs(initialJobs);
  return (
    <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
      <BackupTool database={database} />
      <ClearCacheTool />
      <OptimiseImagesTool className="lg:col-span-2 xl:col-span-1" jobs={jobs} />
      <ImportTool className="lg:col-span-2 xl:col-span-3" jobs={jobs} />
    </div>
  );
}
