import { getDb } from "~/db/db.server";
import { badRequest } from "~/services/errors";
import { readFormWithLimit } from "~/http/form-body.server";
import { startJob } from "~/services/jobs/queue.server";
import { assertDryRunFile, countImportRows, decodeImportFile, dryRunImport, MAX_IMPORT_BYTES } from "~/services/tools/import.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { adminMutationMiddleware } from "~/http/auth.server";
import type { Route } from "./+types/import";
import { adminActor } from "~/http/admin-action.server";

export const loader = methodNotAllowed("POST");

/** A POST is refused (401 JSON) without a session before the action runs; a GET gets the 405 below. */
export const middleware: Route.MiddlewareFunction[] = [adminMutationMiddleware];

const TOO_LARGE = "The file is larger than 2 MB. Split it into smaller files.";
const NOT_A_FORM = "The request is not a form. Choose a file and try again.";
/** Room for the multipart boundaries and the other fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * CSV import of wholesalers: `intent=dry-run` reports what would change; `intent=import` queues the file the
 * dry run checked as a background job (202; 409 while another job runs), whose progress and report are read
 * from /admin/tools/jobs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  return apiResponse(async () => {
    const form = await readFormWithLimit(request, MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES, TOO_LARGE, NOT_A_FORM);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw badRequest("Choose a CSV file to import.");
    const text = decodeImportFile(new Uint8Array(await file.arrayBuffer()));
    const fileName = file.name || "import.csv";
    const db = getDb();
    switch (form.get("intent")) {
      case "dry-run":
        return dryRunImport(db, text, fileName);
      case "import": {
        assertDryRunFile(text, String(form.get("fingerprint") ?? ""));
        const job = await startJob(db, { kind: "import", label: fileName, input: text, total: countImportRows(text), actor });
        return Response.json({ job }, { status: 202 });
      }
      default:
        throw badRequest("Unknown action.");
    }
  });
}
