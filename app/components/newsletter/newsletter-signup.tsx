import { Loader2, Send } from "~/components/icons";
import { useId, useState, type FormEvent } from "react";
import { withCallerClasses } from "~/utils/cn";
import { Button } from "../ui/button";
import { fieldClass } from "../ui/input";
import { toast } from "../ui/use-toast";
import { UnsentNotice } from "../ui/unsent-notice";
import { isUnsent, sendUnlessOffline } from "~/http/unsent-form";

/** The title of SPEC.md; the server's answer says what happens next (a link to confirm is on its way). */
export const SUBSCRIBE_SUCCESS = {
  title: "Thanks for subscribing!",
  description: "Almost done: check your inbox and click the link we sent to confirm your subscription.",
};
export const SUBSCRIBE_REJECTED = {
  title: "Subscription Notice",
  description: "There was an issue with your subscription. Please try again.",
};
export const SUBSCRIBE_FAILED = {
  title: "Subscription Error",
  description: "There was a problem subscribing to the newsletter. Please try again later.",
};

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Email signup: a success clears the input; a refusal or a network failure shows a toast, and a failure without a
 * connection a notice beside the address, which stays typed. Before the page's
 * script runs (or without JavaScript) the browser posts the form to /newsletter, which answers the same.
 */
export function NewsletterSignup({ className }: { className?: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [unsent, setUnsent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setUnsent(false);
    try {
      const response = await sendUnlessOffline(() =>
        fetch("/api/newsletter/subscribe", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ email }),
        }),
      );
      if (isUnsent(response)) {
        // The spec's toast, and the notice beside the address, which stays typed (issue #38).
        toast({ ...SUBSCRIBE_FAILED, variant: "destructive" });
        setUnsent(true);
      } else if (response.ok) {
        toast({
          title: SUBSCRIBE_SUCCESS.title,
          description: (await messageOf(response)) ?? SUBSCRIBE_SUCCESS.description,
          variant: "success",
        });
        setEmail("");
      } else {
        toast({
          title: SUBSCRIBE_REJECTED.title,
          description: (await messageOf(response)) ?? SUBSCRIBE_REJECTED.description,
          variant: "destructive",
        });
      }
    } catch {
      toast({ ...SUBSCRIBE_FAILED, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form method="post" action="/newsletter" onSubmit={handleSubmit} className={withCallerClasses("w-full", className)}>
      {/* A plain label and field: this form's own look (hidden label, a round field of its own height), nothing to merge. */}
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          className={`${fieldClass} h-12 flex-1 rounded-full border-white/40 px-5`}
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" disabled={submitting} className="bg-white text-rose-brand hover:bg-blush">
          {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {submitting ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      {unsent ? <UnsentNotice className="mt-3 text-left" /> : null}
    </form>
  );
}
