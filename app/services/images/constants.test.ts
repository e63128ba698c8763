import { describe, expect, it } from "vitest";
import { imageSrcSet, recordImageUploadUrl } from "./constants";

describe("imageSrcSet", () => {
  it("lists the 400, 800 and 1200 px files of an upload", () => {
    expect(imageSrcSet("/uploads/0123456789abcdef0123456789abcdef-1200.webp")).toBe(
      "/uploads/0123456789abcdef0123456789abcdef-400.webp 400w, /uploads/0123456789abcdef0123456789abcdef-800.webp 800w, /uploads/0123456789abcdef0123456789abcdef-1200.webp 1200w",
    );
  });

  it.each([
    ["/images/blog/peony-care.webp", "/images/blog/peony-care"],
    ["/images/festivals/tulip-time-festival.webp", "/images/festivals/tulip-time-festival"],
    ["/images/default-flower.webp", "/images/default-flower"],
  ])("lists the generated variants beside %s, the file itself as 1200 px", (url, stem) => {
    expect(imageSrcSet(url)).toBe(`${stem}-400.webp 400w, ${stem}-800.webp 800w, ${url} 1200w`);
  });

  it.each([
    [null],
    [undefined],
    [""],
    // Generated images without variants, other folders and formats, variants themselves.
    ["/images/hero.webp"],
    ["/images/og-default.webp"],
    ["/images/blog/peony-care.jpg"],
    ["/images/blog/peony-care-400.webp"],
    ["/images/festivals/tulip-time-800.webp"],
    ["/images/other/peony.webp"],
    ["/images/blog/nested/peony.webp"],
    ["/images/blog/../secret.webp"],
    // Uploads are only ever stored under their hash, largest width in the name.
    ["/uploads/0123456789abcdef0123456789abcdef-800.webp"],
    ["/uploads/photo.webp"],
    ["https://example.com/images/blog/peony-care.webp"],
  ])("has nothing for %s", (url) => {
    expect(imageSrcSet(url)).toBeUndefined();
  });
});

describe("recordImageUploadUrl", () => {
  it("names the kind and id, and the form's version when there is one", () => {
    expect(recordImageUploadUrl("wholesaler", 7)).toBe("/api/upload/wholesaler/7");
    expect(recordImageUploadUrl("festival", 12, "2026-03-01T10:00:00.000Z")).toBe(
      "/api/upload/festival/12?updatedAt=2026-03-01T10%3A00%3A00.000Z",
    );
    expect(recordImageUploadUrl("blog", 3)).toBe("/api/upload/blog/3");
  });
});
