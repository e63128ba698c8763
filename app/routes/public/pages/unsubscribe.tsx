import { CheckCircle2, MailQuestion, MailX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Route } from "../+types/unsubscribe";

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

/** The unsubscribe page: the content of routes/public/unsubscribe.tsx, an island (docs/decisions/033). */
export function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
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
