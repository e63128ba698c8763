import type { Kysely } from "kysely";
import { fromDbBool, type Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { recordAdminChange } from "../audit/audit.server";
import { toCsv } from "../tools/csv";
import { IMPORT_COLUMNS, NO, YES, type ImportColumn } from "../tools/import-columns";
import { wholesalersMatching, type WholesalerFilters } from "./admin.server";
import { WHOLESALER_ENTITY } from "./constants";
import { formatHoursText, parseWeeklyHours } from "./opening-hours-schema";
import { formatSpecialHoursText, parseSpecialHours } from "./special-hours-schema";

/**
 * A byte order mark first: without it Excel reads the file in the computer's legacy encoding and garbles
 * every accent and curly quote. The import skips it.
 */
const BOM = "\uFEFF";

/**
 * Every wholesaler matching the admin list's search and filters, in the list's order, as CSV with exactly
 * the import's columns and in the formats the import reads (state as its code, who may buy as its value,
 * weekly hours as text, location_approximate as yes/no), so that importing the file back changes nothing.
 * Records the export in the audit log.
 */
export async function exportWholesalersCsv(
  db: Kysely<Database>,
  query: WholesalerFilters,
  actor: Actor,
): Promise<{ csv: string; count: number }> {
  const rows = await wholesalersMatching(db, query).rows.execute();
  const csv = toCsv(
    IMPORT_COLUMNS,
    rows.map((row) => {
      const hours = parseWeeklyHours(row.opening_hours);
      const cells: Record<ImportColumn, string | number> = {
        name: row.name,
        address: row.address,
        city: row.city,
        state: row.state_code,
        zipcode: row.zipcode,
        type: row.type,
        hours: row.hours,
        description: row.description,
        phone: row.phone ?? "",
        website: row.website ?? "",
        latitude: row.latitude,
        longitude: row.longitude,
        access: row.access ?? "",
        access_note: row.access_note ?? "",
        opening_hours: hours ? formatHoursText(hours) : "",
        verified_at: row.verified_at ?? "",
        source: row.source ?? "",
        admin_note: row.admin_note ?? "",
        location_approximate: fromDbBool(row.location_approximate) ? YES : NO,
        special_hours: formatSpecialHoursText(parseSpecialHours(row.special_hours)),
        status: row.status,
        closed_until: row.closed_until ?? "",
      };
      return IMPORT_COLUMNS.map((column) => cells[column]);
    }),
  );
  await recordAdminChange(db, actor, {
    entity: WHOLESALER_ENTITY,
    verb: "export",
    details: {
      label: `${rows.length} ${rows.length === 1 ? "wholesaler" : "wholesalers"}`,
      count: rows.length,
      ...(query.q ? { q: query.q } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.stateId ? { state: query.stateId } : {}),
      ...(query.verification ? { verification: query.verification } : {}),
    },
  });
  return { csv: `${BOM}${csv}`, count: rows.length };
}
