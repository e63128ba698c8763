import { BadgeCheck } from "~/components/icons/listing";
import { ClipboardList } from "lucide-react";
import { Search } from "~/components/icons/site";
import { Link } from "react-router";
import { PageIntro } from "~/components/blog/page-intro";
import { BusinessForm } from "~/components/submissions/business-form";
import { LIST_YOUR_BUSINESS } from "~/services/submissions/business-form";
import type { Route } from "../+types/list-your-business";

const STEPS = [
  { icon: ClipboardList, title: "Tell us about your business", text: "Where it is, who may buy and when you are open." },
  { icon: Search, title: "We check the details", text: "Our team confirms the listing, and emails you if anything is unclear." },
  { icon: BadgeCheck, title: "It goes live", text: "Your business appears on its state's page, marked as verified." },
];

/** The list-your-business page: the content of routes/public/list-your-business.tsx, an island (docs/decisions/033). */
export function ListYourBusinessPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="bg-gradient-to-b from-blush/50 to-cream">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_2fr] lg:gap-14 lg:px-8">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <PageIntro eyebrow="For businesses" title={LIST_YOUR_BUSINESS}>
            <p>
              Run a wholesale flower market, a flower mart or a supplier? Listing it is free, and it helps florists, event planners
              and flower lovers find you.
            </p>
          </PageIntro>
          <ol className="mt-8 grid gap-5">
            {STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-rose-brand ring-1 ring-stone-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium text-ink">{title}</span>
                  <span className="block text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-sm text-muted">
            Not your business?{" "}
            <Link to="/about#submit-location" className="font-semibold text-rose-brand hover:underline">
              Suggest a location
            </Link>{" "}
            instead.
          </p>
        </div>
        <div className="min-w-0 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <BusinessForm states={loaderData.states} result={actionData} />
        </div>
      </div>
    </div>
  );
}
