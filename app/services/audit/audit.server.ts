import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import type { Actor } from "../admin/list";
import type { AuditLogItem } from "./types";

export type { AuditLogItem };

/**
 * Actions are `<entity>.<verb>` (e.g. `wholesaler.update`, `blog_post.delete`), or `auth.<event>` for
 * sign-in events. `details.label` names the record for people (a wholesaler's name, a post's title).
 */
export interface AuditEntry {
  action: string;
  adminId?: number | null;
  /** Who acted as typed or known: an admin's email, the email typed at sign-in, or 'cli'. */
  actor?: string | null;
  entityType?: string | null;
  entityId?: string | number | null;
  details?: ({ label?: string } & Record<string, unknown>) | null;
  ip?: string | null;
}

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: string = nowIso()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      admin_id: entry.adminId ?? null,
      actor: clip(entry.actor, 254),
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: clip(entry.ip, 64),
      created_at: now,
    })
    .execute();
}

/** The audit row of an admin's change to a record: `<entity>.<verb>`, by whom, from where. */
export function recordAdminChange(
  db: Kysely<Database>,
  // An owner of a listing acts without an admin id (decision 045): the audit row names their address.
  actor: Omit<Actor, "adminId"> & { adminId: number | null },
  change: { entity: string; verb: string; id?: string | number; details: NonNullable<AuditEntry["details"]> },
): Promise<void> {
  return recordAudit(db, {
    action: `${change.entity}.${change.verb}`,
    adminId: actor.adminId,
    actor: actor.email,
    entityType: change.entity,
    entityId: change.id,
    details: change.details,
    ip: actor.ip,
  });
}

function labelFrom(details: string | null): string | null {
  if (!details) return null;
  try {
    const parsed = JSON.parse(details) as unknown;
    const label = typeof parsed === "object" && parsed !== null ? (parsed as { label?: unknown }).label : undefined;
    return typeof label === "string" ? label : null;
  } catch {
    return null;
  }
}

/** The newest entries first. */
export async function listRecentAudit(db: Kysely<Database>, limit = 20): Promise<AuditLogItem[]> {
  const rows = await db
    .selectFrom("audit_log")
    .leftJoin("admin_users", "admin_users.id", "audit_log.admin_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.actor",
      "audit_log.entity_type",
      "audit_log.entity_id",
      "audit_log.details",
      "audit_log.ip",
      "audit_log.created_at",
      "admin_users.name as admin_name",
      "admin_users.email as admin_email",
    ])
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actor,
    adminName: row.admin_name,
    adminEmail: row.admin_email,
    entityType: row.entity_type,
    entityId: row.entity_id,
    label: labelFrom(row.details),
    ip: row.ip,
    createdAt: row.created_at,
  }));
}
