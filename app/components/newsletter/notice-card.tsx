import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "../ui/button";

/** The frame of the newsletter's one-purpose pages (confirm, unsubscribe): an icon, a title and what happened. */
export function NoticeCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
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

export const EmailAddress = ({ email }: { email: string }) => (
  <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>
);

/**
 * The one button of a link from our mail (confirm, unsubscribe), posting the link's token. A GET of the link
 * changes nothing (mail scanners open links); in a browser the button is pressed for the reader as the page
 * loads, since clicking the link in the mail was the asking. Without JavaScript it is one press.
 */
export function LinkActionForm({ token, label, busyLabel }: { token: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (pressed.current || !form.current) return;
    pressed.current = true;
    void submit(form.current);
  }, [submit]);
  const submitting = navigation.state !== "idle";
  return (
    <Form ref={form} method="post" className="mt-8 flex justify-center">
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? busyLabel : label}
      </Button>
    </Form>
  );
}
