import { ChevronDown } from "~/components/icons";
import { ABOUT_FAQ } from "./faq";

/** Native disclosure widgets: keyboard-operable and readable without JavaScript. */
export function FaqList() {
  return (
    <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
      {ABOUT_FAQ.map((item, index) => (
        <details key={item.question} className="group" open={index === 0}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:text-rose-brand sm:px-6 sm:py-5 [&::-webkit-details-marker]:hidden">
            <h3 className="text-base sm:text-lg">{item.question}</h3>
            <ChevronDown className="size-5 shrink-0 text-rose-brand transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="px-5 pb-5 leading-relaxed text-muted sm:px-6 sm:pb-6">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
