import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/**
 * Every class list the production pages (public and admin, server-rendered) passed to cn() in which a later
 * utility overrides an earlier one, collected from a build that logged them: cn() must merge each exactly as
 * tailwind-merge with its full default configuration does.
 */
const OVERRIDES = [
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-400 shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 h-11 h-12 flex-1 rounded-full border-white/40 px-5",
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-400 shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 h-11 h-12 pl-11 text-lg tracking-wider",
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-400 shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 h-11 h-12 rounded-full pl-12 text-lg",
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-400 shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 min-h-28 min-h-24",
  "flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-stone-300 bg-white px-4 text-left text-base text-ink shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 data-[placeholder]:text-stone-500 disabled:opacity-60 [&>span]:truncate h-12 text-stone-500",
  "flex items-center gap-1.5 text-xs text-muted text-sm",
  "flex size-14 flex-col items-center justify-center rounded-xl bg-white/95 text-center leading-none shadow-md ring-1 ring-black/5 absolute left-2 top-2 size-12 md:left-3 md:top-3 md:size-14",
  "flex size-14 flex-col items-center justify-center rounded-xl bg-white/95 text-center leading-none shadow-md ring-1 ring-black/5 absolute left-2 top-2 size-12 sm:left-3 sm:top-3 sm:size-14",
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 bg-leaf text-white shadow-sm hover:bg-green-900 h-9 px-4 text-sm h-11 px-5 text-sm",
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 bg-rose-brand text-white shadow-sm hover:bg-rose-800 h-12 px-7 text-base bg-white text-rose-brand hover:bg-blush",
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50 h-9 px-4 text-sm bg-transparent px-2.5 text-xs text-muted ring-0 hover:bg-blush/60 hover:text-rose-brand",
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 text-ink hover:bg-blush size-10 text-red-700 hover:bg-red-50",
];

describe("cn", () => {
  it.each(OVERRIDES)("merges %s as tailwind-merge does", (classes) => {
    expect(cn(classes)).toBe(twMerge(classes));
  });

  it("lets a later utility of the same kind win, under the same variant only", () => {
    expect(cn("h-11 px-4 text-base text-ink", "h-12 px-5 text-lg")).toBe("text-ink h-12 px-5 text-lg");
    expect(cn("size-14", "size-12 sm:size-14")).toBe("size-12 sm:size-14");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("border-l-4 border-rose-brand/60")).toBe("border-l-4 border-rose-brand/60");
    expect(cn("ring-1 ring-inset ring-stone-300", "ring-0")).toBe("ring-inset ring-stone-300 ring-0");
  });

  it("keeps classes it does not know and joins conditional ones", () => {
    expect(cn("animate-pulse", false, undefined, "transition-colors", { "line-clamp-4": true, hidden: false })).toBe(
      "animate-pulse transition-colors line-clamp-4",
    );
  });
});
