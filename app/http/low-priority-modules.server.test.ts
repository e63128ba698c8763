import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, lowPriorityModulesStream } from "./low-priority-modules.server";

const NONCE = "abc123+/=";
/** A page as React Router's <Scripts> and React write it (modulepreloads hoisted into the head). */
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${NONCE}"/>`,
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-1.css"/></head>`,
  '<body><main><h1>Fleurs — été</h1><p>Write &lt;link rel="modulepreload"&gt; in a post</p></main>',
  `<script nonce="${NONCE}" type="module" async="">import "/assets/root-1.js";</script></body></html>`,
].join("");

describe("lowerModulePreloads", () => {
  it("marks every modulepreload link fetchpriority=low and changes nothing else", () => {
    const head = page.slice(0, page.indexOf("</head>"));
    expect(lowerModulePreloads(head)).toBe(
      head.replaceAll('<link rel="modulepreload" href', '<link rel="modulepreload" fetchpriority="low" href'),
    );
    expect(lowerModulePreloads(lowerModulePreloads(head))).toBe(lowerModulePreloads(head));
  });
});

describe("lowPriorityModulesStream", () => {
  const through = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(lowPriorityModulesStream()));
  const expected = lowerModulePreloads(page.slice(0, page.indexOf("</head>"))) + page.slice(page.indexOf("</head>"));

  it("rewrites the head only, however the HTML is cut into chunks, even inside a character or a tag", async () => {
    const bytes = Buffer.from(page);
    expect(expected).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/root-1.js"');
    expect(expected).toContain("Fleurs — été");
    for (const size of [1, 5, 64, 2048]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks)).toBe(expected);
    }
  });

  it("passes the bytes after the head on as they came, without decoding them", async () => {
    const head = Buffer.from(page.slice(0, page.indexOf("</head>") + "</he".length));
    // Bytes that are not UTF-8: decoded and encoded again they would turn into U+FFFD.
    const rest = Buffer.concat([Buffer.from("ad><body>"), Buffer.from([0xff, 0xfe, 0xe2, 0x82]), Buffer.from("</body>")]);
    const stream = Readable.from([head, rest.subarray(0, 6), rest.subarray(6)]).pipe(lowPriorityModulesStream());
    const out: Buffer[] = [];
    for await (const chunk of stream) out.push(chunk as Buffer);
    const bytes = Buffer.concat(out);
    const expectedHead = Buffer.from(lowerModulePreloads(page.slice(0, page.indexOf("</head>"))));
    expect(bytes.subarray(0, expectedHead.length).equals(expectedHead)).toBe(true);
    expect(bytes.subarray(expectedHead.length).equals(Buffer.concat([Buffer.from("</he"), rest]))).toBe(true);
  });

  it("passes HTML without a head through unchanged", async () => {
    const other = "<p>Crème brûlée</p>";
    const bytes = Buffer.from(other);
    expect(await through([bytes.subarray(0, 5), bytes.subarray(5)])).toBe(other);
  });
});
