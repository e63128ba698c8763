import { Transform } from "node:stream";

/**
 * The page's modules are preloaded at low priority (docs/decisions/019-first-paint.md).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for every module of the page, which React
 * hoists into the head (35 to 60 of them). Chrome fetches a modulepreload at high priority, beside the
 * stylesheet: on a slow phone 130 to 190 KB of JavaScript shares the connection with what the first paint
 * needs (the HTML and the stylesheet), and Lighthouse counts every high-priority script that finished before
 * the first paint as render-blocking. `<Scripts>` has no option for the links' priority, so the head is
 * rewritten here as it leaves the server: each link gets `fetchpriority="low"`. They are still found and
 * fetched at once, in parallel, by the preload scanner (hydration starts no later for them being found
 * late), only after what the page shows.
 */

const MODULEPRELOAD = /<link rel="modulepreload"(?! fetchpriority)/g;

/** The head with every modulepreload link marked `fetchpriority="low"`. */
export function lowerModulePreloads(html: string): string {
  return html.replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/** At most this much HTML is held back while looking for the end of the head. */
const MAX_HELD = 1024 * 1024;

const HEAD_END = Buffer.from("</head>");

/**
 * A stream of the page's HTML with `lowerModulePreloads` applied to its head: the bytes are held back until
 * `</head>` has passed (React writes the head with the rest of the shell, at once), then flow through as they
 * are, never decoded and encoded again. `</head>` is ASCII, so where it starts is always between characters.
 */
export function lowPriorityModulesStream(): Transform {
  let held: Buffer = Buffer.alloc(0);
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      const searchFrom = Math.max(0, held.length - HEAD_END.length + 1);
      held = held.length ? Buffer.concat([held, chunk]) : chunk;
      const headEnd = held.indexOf(HEAD_END, searchFrom);
      if (headEnd === -1 && held.length <= MAX_HELD) return callback();
      passing = true;
      const out =
        headEnd === -1
          ? held
          : Buffer.concat([Buffer.from(lowerModulePreloads(held.subarray(0, headEnd).toString("utf8"))), held.subarray(headEnd)]);
      held = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, held.length ? held : undefined);
    },
  });
}
