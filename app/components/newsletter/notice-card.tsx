import type { ReactNode } from "react";

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
