import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { findSubscriptionByToken, unsubscribe } from "~/services/newsletter/newsletter.server";
import { pageMeta } from "~/http/meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import type { Route } from "./+types/unsubscribe";
import { CheckCircle2, MailQuestion, MailX } from "~/components/icons";
import { Button, buttonVariants } from "~/components/ui/button";

/** Reads, never changes: mail scanners and link prefetchers open unsubscribe links without the reader's consent. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findSubscriptionByToken(getDb(), token);
  if (!subscription) return data({ state: "unknown" as const }, { status: 404 });
  return { state: subscription.active ? ("subscribed" as const) : ("unsubscribed" as const), email: subscription.email, token };
}

export async function action({ request }: Route.ActionArgs) {
  // The form holds one token: anything that is not a small form is a link we do not know.
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  if (!form) return data({ state: "unknown" as const }, { status: 400 });
  const token = form.get("token");
  const email = typeof token === "string" ? await unsubscribe(getDb(), token) : undefined;
  if (!email) return data({ state: "unknown" as const }, { status: 404 });
  return { state: "unsubscribed" as const, email };
}

/** The page shows the subscriber's address and the link is theirs alone: no browser or proxy may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Newsletter Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

const UNSUBSCRIBE_TEXTS = {
  confirmTitle: "Unsubscribe from the newsletter?",
  button: "Unsubscribe",
  doneTitle: "You have been unsubscribed",
  unknownTitle: "Unsubscribe Link Not Found",
  unknownText:
    "This unsubscribe link is not valid. Please use the complete link from one of our emails, or contact us and we will remove your address.",
} as const;

function Card({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <div className="rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-blush text-rose-brand">{icon}</div>
        <h1 className="mt-6 font-serif text-3xl font-semibold text-ink text-balance">{title}</h1>
        <div className="mt-4 leading-relaxed text-muted">{children}</div>
      </div>
    </section>
  );
}

const Email = ({ email }: { email: string }) => <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>;

/** The unsubscribe page. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData ?? loaderData;

  if (result.state === "unknown") {
    return (
      <Card icon={<MailQuestion className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.unknownTitle}>
        <p>{UNSUBSCRIBE_TEXTS.unknownText}</p>
        <Link to="/about" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Contact us
        </Link>
      </Card>
    );
  }

  if (result.state === "unsubscribed") {
    return (
      <Card icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.doneTitle}>
        <p role="status">
          <Email email={result.email} /> will no longer receive our newsletter. Changed your mind? You can subscribe again
          at any time from the home page.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-8" })}>
          Back to the home page
        </Link>
      </Card>
    );
  }

  const submitting = navigation.state === "submitting";
  return (
    <Card icon={<MailX className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.confirmTitle}>
      <p>
        <Email email={result.email} /> will stop receiving flower deals, seasonal guides and arranging tips.
      </p>
      <Form method="post" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <input type="hidden" name="token" value={result.token} />
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Unsubscribing..." : UNSUBSCRIBE_TEXTS.button}
        </Button>
        <Link to="/" className={buttonVariants({ variant: "secondary", className: "w-full sm:w-auto" })}>
          Keep my subscription
        </Link>
      </Form>
    </Card>
  );
}
