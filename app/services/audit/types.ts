/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface AuditLogItem {
  id: number;
  action: string;
  actor: string | null;
  adminName: string | null;
  adminEmail: string | null;
  entityType: string | null;
  entityId: string | null;
  label: string | null;
  ip: string | null;
  createdAt: string;
}
