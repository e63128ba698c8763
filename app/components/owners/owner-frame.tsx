import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { CircleAlert } from "~/components/icons";
import { Button } from "~/components/ui/button";

/** The frame of the owner's pages and the claim page: a card on the public site's background. */
export function OwnerCard({ title, intro, children, wide }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto px-4 py-8 sm:px-6 sm:py-12 ${wide ? "max-w-3xl" : "max-w-xl"}`}>
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="font-serif text-2xl font-semibold text-ink text-balance sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-sm leading-relaxed text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function FormMessage({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "ok" }) {
  if (!children) return null;
  return tone === "error" ? (
    <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  ) : (
    <p role="status" className="mb-5 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}

/**
 * The one button of a link from our mail (sign in, "Yes, still right"), posting the link's token. Opening the link
 * changes nothing (mail scanners open links); the owner presses the button, with or without JavaScript.
 */
export function TokenButtonForm({ token, label, busyLabel }: { token: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? busyLabel : label}
      </Button>
    </Form>
  );
}
