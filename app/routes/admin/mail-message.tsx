import { ArrowLeft } from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/list/list-page";
import { MailStatusDetails } from "~/components/mail/outbox-status";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { frameForAdmin, outboxMessageOr404 } from "~/http/mail.server";
import { formatAdminTime } from "~/services/admin/list";
import { MAIL_KIND_LABELS } from "~/services/mail/types";
import type { Route } from "./+types/mail-message";

/** One message of the outbox, whole: unknown and malformed ids get the admin's 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const message = await outboxMessageOr404(params.id);
  const { html, ...rest } = message;
  return {
    message: {
      ...rest,
      createdWhen: formatAdminTime(message.createdAt),
      sentWhen: message.sentAt ? formatAdminTime(message.sentAt) : null,
      nextAttemptWhen: message.nextAttemptAt ? formatAdminTime(message.nextAttemptAt) : null,
    },
    // Links to SITE_URL open on this server when it is not the public one (a site run on localhost); the frame's
    // document is served by routes/admin/mail-message-html.ts.
    rewrittenFrom: frameForAdmin(html, request).rewrittenFrom,
    origin: new URL(request.url).origin,
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Mail message");

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Label beside value on a phone (a shorter card above the message), above it in the narrow column beside the message.
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 py-2.5 first:pt-0 last:pb-0 lg:grid-cols-1 lg:py-3">
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="min-w-0 text-sm text-ink">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 className="font-serif text-lg font-semibold text-ink">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function AdminMailMessage({ loaderData }: Route.ComponentProps) {
  const { message, rewrittenFrom, origin } = loaderData;
  const headers = Object.entries(message.headers);
  return (
    <div className="grid gap-6">
      <div>
        <Link
          to="/admin/mail"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Mail
        </Link>
      </div>
      <AdminPageHeader title={message.subject} description={`${MAIL_KIND_LABELS[message.kind]} to ${message.recipient}`} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card title="Details">
          <dl className="divide-y divide-stone-100">
            <Field label="To">
              <span className="[overflow-wrap:anywhere]">{message.recipient}</span>
            </Field>
            <Field label="Subject">
              <span className="[overflow-wrap:anywhere]">{message.subject}</span>
            </Field>
            <Field label="Kind">{MAIL_KIND_LABELS[message.kind]}</Field>
            <Field label="Status">
              <MailStatusDetails message={message} />
            </Field>
            <Field label="Created">
              <time dateTime={message.createdAt}>{message.createdWhen}</time>
            </Field>
            <Field label="Sent">
              {message.sentAt ? <time dateTime={message.sentAt}>{message.sentWhen}</time> : <span className="text-muted">Not sent</span>}
            </Field>
            <Field label="SMTP response">
              {message.smtpResponse ? (
                <code className="font-mono text-xs [overflow-wrap:anywhere]">{message.smtpResponse}</code>
              ) : (
                <span className="text-muted">None</span>
              )}
            </Field>
            <Field label="Extra headers">
              {headers.length > 0 ? (
                <ul className="grid gap-1.5 font-mono text-xs">
                  {headers.map(([name, value]) => (
                    <li key={name} className="[overflow-wrap:anywhere]">
                      <span className="font-semibold">{name}:</span> {value}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-muted">None</span>
              )}
            </Field>
          </dl>
        </Card>
        <div className="grid min-w-0 gap-6">
          <Card title="HTML part">
            {/* No scripts and an origin of its own (the sandbox, also in its own policy); links open in a new tab (its base element). */}
            <iframe
              title={`HTML part of “${message.subject}”`}
              src={`/admin/mail/${message.id}/html`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="h-[70vh] max-h-[60rem] min-h-[28rem] w-full rounded-xl border border-stone-200 bg-stone-50"
            />
            {rewrittenFrom ? (
              <p className="mt-2 text-xs text-muted">
                Links to {rewrittenFrom} open on this server ({origin}).
              </p>
            ) : null}
          </Card>
          <Card title="Plain-text part">
            <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-xl bg-stone-50 p-4 font-mono text-xs leading-relaxed text-ink [overflow-wrap:anywhere]">
              {message.text}
            </pre>
          </Card>
        </div>
      </div>
    </div>
  );
}
