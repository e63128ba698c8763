import { Mail } from "~/components/icons";
import { NewsletterSignup } from "../newsletter/newsletter-signup";

export function NewsletterSection() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="scroll-mt-20 px-4 pt-16 sm:px-6 sm:pt-20 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-rose-brand via-[#9f1239] to-plum px-6 py-12 text-white shadow-xl sm:px-12 sm:py-16">
        <div aria-hidden="true" className="absolute -right-16 -top-16 size-64 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-24 right-24 size-48 rounded-full bg-white/5" />
        <div className="relative grid gap-8 lg:grid-cols-2 lg:items-center">
          <div>
            <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
              <Mail className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-5 text-sm font-semibold uppercase tracking-[0.14em] text-rose-100">Newsletter</p>
            <h2 id="newsletter-heading" className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
              Fresh deals and arranging tips
            </h2>
            <p className="mt-3 max-w-xl text-base leading-relaxed text-white/90 sm:text-lg">
              New wholesale listings, seasonal flower guides and money-saving tips, about once a month. We email you a link to confirm
              first; unsubscribe any time, in one click.
            </p>
          </div>
          <NewsletterSignup />
        </div>
      </div>
    </section>
  );
}
