import { ShieldCheck, type IconComponent } from "~/components/icons";
import { History, LogIn, LogOut, Pencil, Plus, ShieldAlert, Trash2 } from "~/components/icons/admin";
import type { AuditLogItem } from "~/services/audit/types";

export interface ActivityEntry extends AuditLogItem {
  /** Formatted on the server, so that the browser's time zone cannot change the text while hydrating. */
  when: string;
}

const AUTH_ACTIONS: Record<string, { text: string; icon: IconComponent; tone: "ok" | "warn" | "neutral" }> = {
  "auth.login.success": { text: "Signed in", icon: LogIn, tone: "ok" },
  "auth.login.failure": { text: "Failed sign-in attempt", icon: ShieldAlert, tone: "warn" },
  "auth.login.throttled": { text: "Sign-in refused (too many attempts)", icon: ShieldAlert, tone: "warn" },
  "auth.logout": { text: "Signed out", icon: LogOut, tone: "ok" },
  "auth.login.code_required": { text: "Right password; code asked for", icon: LogIn, tone: "neutral" },
  "auth.login.code_failure": { text: "Wrong two-step sign-in code", icon: ShieldAlert, tone: "warn" },
  "auth.second_factor.enable": { text: "Turned two-step sign-in on", icon: ShieldCheck, tone: "ok" },
  "auth.second_factor.disable": { text: "Turned two-step sign-in off", icon: ShieldAlert, tone: "warn" },
  "auth.second_factor.recovery_codes": { text: "Made new recovery codes", icon: ShieldCheck, tone: "neutral" },
  "auth.second_factor.recovery_code_used": { text: "Signed in with a recovery code", icon: ShieldAlert, tone: "warn" },
  "auth.second_factor.reset": { text: "Two-step sign-in turned off from the command line", icon: ShieldAlert, tone: "warn" },
  "tools.backup": { text: "Downloaded a backup", icon: History, tone: "neutral" },
  "tools.import": { text: "Imported wholesalers", icon: History, tone: "neutral" },
  "tools.clear_cache": { text: "Cleared the server caches", icon: History, tone: "neutral" },
  "tools.optimise_images": { text: "Optimized the uploaded images", icon: History, tone: "neutral" },
  "wholesaler.image": { text: "Uploaded a wholesaler photo", icon: History, tone: "neutral" },
  "festival.image": { text: "Uploaded a festival photo", icon: History, tone: "neutral" },
  "blog_post.image": { text: "Uploaded a blog post photo", icon: History, tone: "neutral" },
};

const VERBS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  import: "Imported",
  export: "Exported",
  upload: "Uploaded an image for",
  accept: "Accepted",
  reject: "Rejected",
  publish: "Published",
  verify: "Verified",
  resolve: "Resolved",
  dismiss: "Dismissed",
  approve: "Approved",
  password_reset: "Reset the password of",
  password_change: "Changed the password of",
};

const VERB_ICONS: Record<string, IconComponent> = { create: Plus, update: Pencil, delete: Trash2 };

const words = (value: string) => value.replace(/[_-]+/g, " ").trim();

/** What happened, in words: `wholesaler.update` reads "Updated wholesaler". */
export function describeAction(action: string): { text: string; icon: IconComponent; tone: "ok" | "warn" | "neutral" } {
  const auth = AUTH_ACTIONS[action];
  if (auth) return auth;
  const dot = action.indexOf(".");
  if (dot < 0) return { text: words(action), icon: History, tone: "neutral" };
  const entity = words(action.slice(0, dot));
  const verbKey = action.slice(dot + 1).replace(/\./g, "_");
  const verb = VERBS[verbKey];
  return {
    text: verb ? `${verb} ${entity}` : `${entity}: ${words(action.slice(dot + 1))}`,
    icon: VERB_ICONS[verbKey] ?? History,
    tone: "neutral",
  };
}

function who(entry: ActivityEntry): string {
  // For sign-in events the address as typed is the fact worth seeing; elsewhere the admin's name.
  if (entry.action.startsWith("auth.")) return entry.actor ?? "Unknown";
  return entry.adminName ?? entry.adminEmail ?? entry.actor ?? "System";
}

function record(entry: ActivityEntry): string | null {
  if (entry.action.startsWith("auth.")) return null;
  if (entry.label) return entry.label;
  if (entry.entityType && entry.entityId) return `${words(entry.entityType)} #${entry.entityId}`;
  return null;
}

const TONES = {
  ok: "bg-green-50 text-leaf",
  warn: "bg-red-50 text-red-700",
  neutral: "bg-blush text-rose-brand",
};

export function ActivityFeed({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0) {
    return <p className="rounded-2xl border border-stone-200 bg-white p-6 text-sm text-muted">No activity has been recorded yet.</p>;
  }
  return (
    <ol className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {entries.map((entry) => {
        const { text, icon: Icon, tone } = describeAction(entry.action);
        const target = record(entry);
        return (
          <li key={entry.id} className="flex gap-3 px-4 py-3.5 sm:px-5">
            <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${TONES[tone]}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-ink">
                <span className="font-semibold">{text}</span>
                {target ? <span className="text-ink/80">: {target}</span> : null}
              </p>
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
                <span className="break-all">
                  {who(entry)}
                  {entry.ip ? ` from ${entry.ip}` : ""}
                </span>
                <time dateTime={entry.createdAt}>{entry.when}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
