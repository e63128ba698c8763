import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { recordAdminChange, type AuditEntry } from "../audit/audit.server";
import { assertOneRowChanged, nextVersion, type Actor } from "./list";

/** The tables an admin edits under optimistic concurrency: each row's `updated_at` is its version. */
export type VersionedTable = "wholesalers" | "festivals" | "blog_posts" | "grocery_stores" | "states";

export interface VersionedRecord<T extends VersionedTable> {
  table: T;
  /** The record's kind in words, for the conflict message ("grocery store"). */
  entity: string;
  /** The record's kind as the audit log spells it: actions read `<auditEntity>.<verb>` ("grocery_store.update"). */
  auditEntity: string;
  /** The column that names a record for people: the audit label of a deleted record. */
  labelColumn: "name" | "title";
}

type RecordId<T extends VersionedTable> = Database[T]["id"] extends string ? string : number;

/** What the audit row tells about a change; `label` names the record for people. */
export type AuditDetails = NonNullable<AuditEntry["details"]> & { label: string };

/** Runs `work` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** The states are fixed: every other versioned record is created by an admin. */
type CreatableTable = Exclude<VersionedTable, "states">;

/** Adds a record at its first version and writes its audit row (`<auditEntity>.create`), all or nothing. */
export async function createVersioned<T extends CreatableTable>(
  db: Kysely<Database>,
  record: VersionedRecord<T>,
  change: { values: Omit<Insertable<Database[T]>, "id" | "created_at" | "updated_at">; details: AuditDetails },
  actor: Actor,
): Promise<number> {
  const now = nowIso();
  return inTransaction(db, async (trx) => {
    const table: CreatableTable = record.table;
    const { id } = await trx
      .insertInto(table)
      .values({ ...(change.values as Insertable<Database[CreatableTable]>), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAdminChange(trx, actor, { entity: record.auditEntity, verb: "create", id, details: change.details });
    return id;
  });
}

export interface VersionedUpdate<T extends VersionedTable> {
  id: RecordId<T>;
  /** The version the editor loaded; the update is refused with a conflict if the row is no longer at it. */
  expectedUpdatedAt: string;
  values: Omit<Updateable<Database[T]>, "id" | "updated_at">;
  details: AuditDetails;
  /** More writes that belong to the change, made after the row's and before the audit row. */
  alsoWrite?: (trx: Transaction<Database>) => Promise<void>;
  /** The audit verb, when the change has a name of its own ("verify"); "update" otherwise. */
  verb?: string;
}

/**
 * Saves an edit made from the version `expectedUpdatedAt` and its audit row (`<auditEntity>.update`), all
 * or nothing. If someone saved in between, or the record is gone, nothing is written and the admin is
 * told with a conflict.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  record: VersionedRecord<T>,
  change: VersionedUpdate<T>,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const table: VersionedTable = record.table;
    const result = await trx
      .updateTable(table)
      .set({ ...(change.values as Updateable<Database[VersionedTable]>), updated_at: nextVersion(change.expectedUpdatedAt) })
      .where("id", "=", change.id)
      .where("updated_at", "=", change.expectedUpdatedAt)
      .executeTakeFirst();
    assertOneRowChanged(result.numUpdatedRows, record.entity);
    await change.alsoWrite?.(trx);
    await recordAdminChange(trx, actor, {
      entity: record.auditEntity,
      verb: change.verb ?? "update",
      id: change.id,
      details: change.details,
    });
  });
}

/**
 * Deletes a record at the version `expectedUpdatedAt` and writes its audit row (`<auditEntity>.delete`,
 * labelled with the record's name or title). A changed or missing record is a conflict and nothing is written.
 */
export async function deleteVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  record: VersionedRecord<T>,
  id: RecordId<T>,
  expectedUpdatedAt: string,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const table: VersionedTable = record.table;
    const row = await trx.selectFrom(table).select(`${record.labelColumn} as label`).where("id", "=", id).executeTakeFirst();
    const result = await trx.deleteFrom(table).where("id", "=", id).where("updated_at", "=", expectedUpdatedAt).executeTakeFirst();
    assertOneRowChanged(result.numDeletedRows, record.entity);
    await recordAdminChange(trx, actor, { entity: record.auditEntity, verb: "delete", id, details: { label: row?.label ?? `#${id}` } });
  });
}
