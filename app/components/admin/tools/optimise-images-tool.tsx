import { ImageDown } from "~/components/icons/admin";
import { Button } from "~/components/ui/button";
import type { OptimiseReport } from "~/services/images/types";
import { isActiveJob } from "~/services/jobs/types";
import { JobProgress, LastJob, OtherJobNote } from "./job-progress";
import { ReportSummary } from "./report-summary";
import { Alert, ToolCard } from "./tool-card";
import { useJobOf, useStartJob, type Jobs } from "./use-jobs";

const TABLE_LABELS: Record<OptimiseReport["missing"][number]["table"], string> = {
  wholesalers: "Wholesaler",
  blog_posts: "Blog post",
  festivals: "Festival",
};

function OptimiseReportView({ report }: { report: OptimiseReport }) {
  const counts = [
    { label: "Re-encoded smaller", value: report.reencoded },
    { label: "Repaired", value: report.repaired },
    { label: "Already optimal", value: report.unchanged },
    { label: "Unused files removed", value: report.orphansRemoved },
  ];
  return (
    <div className="mt-4">
      <ReportSummary message={report.message} messageClassName="text-sm text-ink" className="mt-3 grid grid-cols-2 gap-2" counts={counts} />
      {report.missing.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-red-800">Images to upload again</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {report.missing.map((record) => (
              <li key={`${record.table}-${record.id}`}>
                {TABLE_LABELS[record.table]}: <span className="text-ink">{record.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const OPTIMISE_TITLES = { done: "Images optimized", failed: "Could not optimize the images" };

export function OptimiseImagesTool({ className, jobs }: { className?: string; jobs: Jobs }) {
  const { job, watched, other, report } = useJobOf<OptimiseReport>(jobs, "optimise-images", OPTIMISE_TITLES);
  const start = useStartJob(jobs);
  const running = isActiveJob(job);

  return (
    <ToolCard
      icon={ImageDown}
      title="Image optimization"
      className={className}
      description="Sends every uploaded photo through the image pipeline again: oriented, cropped to 3:2 and saved as WebP in 400, 800 and 1200 pixel widths. A new version replaces the stored one when a size was missing or it is at least 10% smaller; files no record uses any more are removed. It runs in the background."
    >
      <Button
        type="button"
        variant="secondary"
        disabled={start.busy || running || other !== undefined}
        onClick={() => start.submit(null, "/admin/tools/optimise-images")}
      >
        <ImageDown aria-hidden="true" />
        {start.busy || running ? "Optimizing..." : "Optimize images"}
      </Button>
      <OtherJobNote job={other} />
      {job && (running || report) ? <JobProgress job={job} unit="image" /> : null}
      {report ? <OptimiseReportView report={report} /> : null}
      {job && !running && watched && job.state === "failed" ? <Alert>{job.message ?? undefined}</Alert> : null}
      {job && !running && !watched ? <LastJob job={job} /> : null}
      <Alert>{start.refusal}</Alert>
    </ToolCard>
  );
}
