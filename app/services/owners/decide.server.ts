import type { Kysely, Selectable } from "kysely";
import type { Database, OwnerChangesTable, OwnerClaimsTable } from "~/db/schema";
import type { Actor } from "../admin/list";
import { AppError } from "../errors";

export const CLAIM_DECIDED = "This claim was already decided; the list now shows its current state.";
export const CHANGE_DECIDED = "This change was already decided; the list now shows its current state.";

/**
 * Decides an owner's claim or change that is still pending, once: the update is conditional on "pending", so of two
 * admins deciding at once the second gets a 409 and the list shows what was decided. Call it inside the transaction
 * that does the rest of the decision.
 */
export async function decidePending(
  trx: Kysely<Database>,
  table: "owner_claims",
  id: number,
  status: "approved" | "rejected",
  actor: Actor,
  at: string,
): Promise<Selectable<OwnerClaimsTable>>;
export async function decidePending(
  trx: Kysely<Database>,
  table: "owner_changes",
  id: number,
  status: "approved" | "rejected",
  actor: Actor,
  at: string,
): Promise<Selectable<OwnerChangesTable>>;
export async function decidePending(
  trx: Kysely<Database>,
  table: "owner_claims" | "owner_changes",
  id: number,
  status: "approved" | "rejected",
  actor: Actor,
  at: string,
): Promise<Selectable<OwnerClaimsTable> | Selectable<OwnerChangesTable>> {
  // Both tables have the same decision columns; the overloads above give each caller its own row type.
  const row = await trx
    .updateTable(table as "owner_claims")
    .set({ status, decided_at: at, decided_by: actor.email })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError("conflict", table === "owner_claims" ? CLAIM_DECIDED : CHANGE_DECIDED);
  return row;
}
