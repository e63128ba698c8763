import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { referenceMerge } from "../../tests/support/cn-reference";
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

  it("merges every class the app names, alone and after each other class, as tailwind-merge with its configuration does", () => {
    const classes = classesInSource();
    expect(classes.length).toBeGreaterThan(500);
    const differ: string[] = [];
    const same = (list: string) => {
      if (cn(list) !== referenceMerge(list)) differ.push(list);
    };
    for (const one of classes) same(one);
    // Every class after every other of the same first word (`h-11 h-12`, `text-sm text-ink`, `border-2 border-l-4`),
    // also under the same variants written in another order, and important.
    const byWord = new Map<string, string[]>();
    for (const name of classes) {
      const word = name.replace(/^.*:/, "").replace(/^[!-]/, "").split("-")[0] ?? "";
      byWord.set(word, [...(byWord.get(word) ?? []), name]);
    }
    for (const group of byWord.values()) {
      for (const first of group) {
        for (const second of group) {
          same(`${first} ${second}`);
          if (first.includes(":") || second.includes(":")) continue;
          same(`md:hover:${first} hover:md:${second}`);
          same(`before:hover:${first} hover:before:${second}`);
          same(`!${first} ${second}! ${second}`);
        }
      }
    }
    // Classes of different first words that override one another (`p-4 px-2`, `leading-6 text-lg`): a few of each word
    // tailwind-merge knows (it drops the second of two same such classes) after a few of every other.
    const known = (name: string) => !name.includes(":") && referenceMerge(`${name} ${name}`) === name;
    const few = [...byWord.values()].flatMap((group) => group.filter(known).slice(0, 3));
    expect(few.length).toBeGreaterThan(100);
    for (const first of few) for (const second of few) same(`${first} ${second}`);
    expect(differ.slice(0, 5).map((list) => `${list} → ${cn(list)}, not ${referenceMerge(list)}`)).toEqual([]);
  });

  it("merges random lists of the app's classes under random variants as tailwind-merge with its configuration does", () => {
    const classes = classesInSource();
    const variants = [
      "",
      "",
      "",
      "md:",
      "sm:",
      "hover:",
      "focus:",
      "md:hover:",
      "hover:md:",
      "[&_svg]:",
      "before:",
      "before:hover:",
      "hover:before:",
      "aria-invalid:",
      "dark:",
    ];
    let state = 7;
    const pick = <T>(list: readonly T[]) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return list[(state >>> 8) % list.length] as T;
    };
    for (let round = 0; round < 5000; round++) {
      const list: string[] = [];
      const length = 2 + (round % 7);
      for (let index = 0; index < length; index++) {
        const name = pick(classes);
        const important = pick([false, false, false, false, false, false, true]);
        list.push(name.includes(":") ? name : `${pick(variants)}${important ? "!" : ""}${name}`);
      }
      const joined = list.join(" ");
      expect(cn(joined), joined).toBe(referenceMerge(joined));
    }
  });

  it("keeps classes it does not know and joins conditional ones", () => {
    expect(cn("animate-pulse", false, undefined, "transition-colors", { "line-clamp-4": true, hidden: false })).toBe(
      "animate-pulse transition-colors line-clamp-4",
    );
  });
});

/** Every class-like word in the string literals of app/: what cn() is ever asked to merge, and more. */
function classesInSource() {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        for (const [, literal = ""] of fs.readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
          for (const word of literal.split(/\s+/))
            if (/^[!a-z0-9[&*-][\w:/.[\]()&>*%#,=!-]*$/.test(word) && /[a-z]/.test(word)) words.add(word);
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, ".."));
  return [...words].sort();
}
