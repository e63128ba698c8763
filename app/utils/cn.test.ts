import { describe, expect, it } from "vitest";
import { cn, withCallerClasses } from "./cn";

describe("cn", () => {
  it("lets a later utility of the same kind win, under the same variant only", () => {
    expect(cn("h-11 px-4 text-base text-ink", "h-12 px-5 text-lg")).toBe("text-ink h-12 px-5 text-lg");
    expect(cn("size-14", "size-12 sm:size-14")).toBe("size-12 sm:size-14");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("border-l-4 border-rose-brand/60")).toBe("border-l-4 border-rose-brand/60");
    expect(cn("ring-1 ring-inset ring-stone-300", "ring-0")).toBe("ring-inset ring-stone-300 ring-0");
  });

  it("keeps what the pages pass when one of them overrides another (Button's size, an input's height)", () => {
    expect(cn("inline-flex rounded-full bg-leaf text-white h-9 px-4 text-sm", "h-11 px-5 text-sm")).toBe(
      "inline-flex rounded-full bg-leaf text-white h-11 px-5 text-sm",
    );
    expect(cn("block w-full rounded-xl px-4 py-2.5 text-base h-11", "h-12 pl-11 text-lg")).toBe(
      "block w-full rounded-xl px-4 py-2.5 h-12 pl-11 text-lg",
    );
    expect(cn("text-xs text-muted", "text-sm")).toBe("text-muted text-sm");
    expect(cn("bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50", "bg-transparent ring-0 hover:bg-blush/60")).toBe(
      "text-ink ring-stone-300 bg-transparent ring-0 hover:bg-blush/60",
    );
    expect(cn("px-4", false, undefined, ["py-2", { "font-medium": true, hidden: false }])).toBe("px-4 py-2 font-medium");
  });

  it("merges a caller's classes into a component's own, and leaves the own ones as they are when the caller has none", () => {
    expect(withCallerClasses("field h-11", "h-12 pl-11")).toBe("field h-12 pl-11");
    expect(withCallerClasses("text-xs text-muted", "text-sm")).toBe("text-muted text-sm");
    expect(withCallerClasses("mb-1.5 block text-sm", undefined)).toBe("mb-1.5 block text-sm");
    expect(withCallerClasses("mb-1.5 block text-sm", "")).toBe("mb-1.5 block text-sm");
  });
});
