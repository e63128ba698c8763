import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_FAQ } from "~/components/about/faq";
import { blogPosts } from "~/db/seed/data/blog-posts";
import { SAVINGS_CLAIM } from "~/utils/claims";

/**
 * The site's copy says one thing one way (issue #37 point 10): one savings claim, from app/utils/claims.ts; one
 * spelling of "license"; no trust claim of a year ("Trusted since 2020") beside listings a source dated earlier.
 */
const APP = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(APP).map((file) => ({ file: path.relative(APP, file), text: fs.readFileSync(file, "utf8") }));
const CLAIMS_MODULE = path.join("utils", "claims.ts");
const where = (pattern: RegExp) => files.filter(({ file, text }) => file !== CLAIMS_MODULE && pattern.test(text)).map(({ file }) => file);

describe("the site's copy", () => {
  it("reads the app's source files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("states the savings claim in one place: a percentage less than retail is written nowhere else", () => {
    expect(SAVINGS_CLAIM).toBe("up to 70%");
    // "save up to 70%", "70% less", "30 to 60 percent less than retail"...
    const claim = /\bsave (?:up to )?\d+ ?(?:%|percent)|\d+ ?(?:%|percent) less than (?:retail|the same|a retail)|\d+ to \d+ percent less/i;
    expect(where(claim)).toEqual([]);
    // What the pages and seeded articles say with it.
    expect(ABOUT_FAQ.find((entry) => entry.question.startsWith("How much can I save"))?.answer).toContain(`${SAVINGS_CLAIM} less`);
    expect(blogPosts.some((post) => post.content.includes(`for ${SAVINGS_CLAIM} less than retail`))).toBe(true);
  });

  it('spells "license" one way', () => {
    expect(where(/licence/i)).toEqual([]);
  });

  it("claims no trust from a year: the figures beside the listings come from the data", () => {
    expect(where(/trusted[^"`]{0,40}since/i)).toEqual([]);
    expect(where(/title: "Since 20\d\d"|value: "Since 20\d\d"/)).toEqual([]);
  });
});
