import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import Sqlite from "better-sqlite3";
import fc from "fast-check";
import pg from "pg";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { NUL_MESSAGE } from "~/http/form-body.server";
import { startSignedIn } from "../support/admin-session";
import { runPostgres } from "../support/postgres";
import { routeId, routeLeaves } from "../support/routes";
import type { RunningServer } from "../support/server";

/**
 * Property-based hostile input (issue #14): fast-check throws generated requests at every API call, every
 * form action (public and, signed in, admin), the uploads and every page route. Each answer must be a 4xx
 * or a correct 2xx/3xx, never a 5xx, network error or stack trace, and a refused request must leave the
 * database as it was. FUZZ_RUNS scales the number of cases (the long form: FUZZ_RUNS=2000), FUZZ_SEED
 * replays a run; both are printed. Every route of app/routes.ts and every route Express answers itself is
 * sent at least one case on every run, which a check below proves.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** Cases per property; each target below takes a share of it (expensive targets a small one). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
let casesRun = 0;

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Text a form or a query may carry: what attackers and broken clients send. */
const PAYLOADS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001b[31m\u007f",
  "\r\n\r\nX-Injected: 1",
  "\u202eevil\u202c",
  "\ufeff",
  "\ud800",
  "\udfff\ud800",
  "😀🌷👨‍👩‍👧‍👦",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "' OR '1'='1",
  "'; DROP TABLE wholesalers; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5); --",
  "1 UNION SELECT password_hash FROM admin_users",
  "%' AND 1=1 AND '%'='",
  "\\",
  "%",
  "%%",
  "_%_",
  "%00",
  "%E0%A4%A",
  "%ff",
  "..",
  "../../etc/passwd",
  "..%2f..%2fpackage.json",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg onload=alert(1)>",
  "[x](javascript:alert(1))",
  "{{constructor.constructor('alert(1)')()}}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  '=HYPERLINK("http://x")',
  "+1",
  "-1",
  "0",
  "1",
  "1.5",
  "1e3",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x1f",
  "99999999999999999999",
  "9007199254740993",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "2026-02-30",
  "0000-00-00",
  "9999-12-31T23:59:59Z",
  "12345",
  "00000",
  "a@b.co",
  "a@b",
  "@",
  "x@example.com\r\nBcc: y@example.com",
];
/** Long text: past field limits and (urlencoded) past the 16 KB and 64 KB public form limits; HUGE is past the 1 MB admin limit. */
const LONG = [301, 2_001, 20_000].map((n) => "ø".repeat(n));
const HUGE = "x".repeat(1_100_000);

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u0008", "\u001f", "\u2028", "'", '"', "<", ">", "&", "%", ";", "-", "a", "1"),
      maxLength: 30,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
);
/** A record id as a form or a path may carry it. */
const hostileId = fc.oneof(
  fc.constantFrom("1", "2", "0", "-1", "1.0", "1e2", " 1", "abc", "99999999999999999999", "__proto__"),
  hostileText,
);
/** Field names beyond a form's own. */
const hostileKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "intent",
  "id",
  "a[b]",
  "a.b",
  "",
  "\u0000",
  "x".repeat(300),
  "😀",
);

type Fields = [string, string][];

/**
 * A form's fields: a valid set (so that hostile values reach the validation and the database), each field
 * maybe replaced by hostile text, dropped or repeated, plus extra hostile fields.
 */
function fieldsArb(valid: Record<string, string>, chosen: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<Fields> {
  const names = Object.keys(valid);
  const perField = names.map((name) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant<string[]>([valid[name]!]) },
        { weight: 3, arbitrary: (chosen[name] ?? hostileText).map((value) => [value]) },
        { weight: 1, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: fc.tuple(hostileText, hostileText).map(([a, b]) => [a, b]) },
      )
      .map((values) => values.map((value): [string, string] => [name, value])),
  );
  const extra = fc.array(fc.tuple(hostileKey, hostileText), { maxLength: 3 });
  return fc.tuple(fc.tuple(...perField), extra).map(([fields, more]) => [...fields.flat(), ...more]);
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";
const multipart = (fields: Fields, boundary = BOUNDARY) =>
  fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
  `--${boundary}--\r\n`;
/** Object text written by hand, so that a `__proto__` key is in it as sent. */
const jsonObject = (fields: Fields) => `{${fields.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;

/** Bodies that are broken in the ways clients and attackers break them. */
const BROKEN_BODIES: { type: string | undefined; body: string | Uint8Array }[] = [
  { type: "multipart/form-data", body: "no boundary parameter" },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: "garbage without any boundary" },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated`,
  },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nno-colon-header\r\n\r\nx\r\n--${BOUNDARY}--\r\n` },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${BOUNDARY}--\r\n`,
  },
  { type: `multipart/form-data; boundary=${"b".repeat(200)}`, body: `--${"b".repeat(200)}\r\n\r\n--${"b".repeat(200)}--` },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000"\r\nContent-Type: \u0000\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`,
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\n${"X-Long: y\r\n".repeat(2000)}\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  { type: `multipart/form-data; boundary="${BOUNDARY}`, body: `--${BOUNDARY}--\r\n` },
  { type: "multipart/mixed; boundary=x", body: "--x\r\n\r\n--x--" },
  { type: "application/json", body: "{" },
  { type: "application/json", body: '{"email": "a@b.co",}' },
  { type: "application/json", body: "[".repeat(6000) + "]".repeat(6000) },
  { type: "application/json", body: '{"a":'.repeat(3000) + "1" + "}".repeat(3000) },
  { type: "application/json", body: JSON.stringify(Array.from({ length: 1500 }, (_, i) => ({ i }))) },
  { type: "application/json", body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { type: "application/json", body: "\u0000" },
  { type: "application/json; charset=utf-16", body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
  { type: "application/x-www-form-urlencoded", body: new Uint8Array([0xff, 0xfe, 0x00, 0x25, 0x3d, 0x26, 0xc3]) },
  { type: "application/x-www-form-urlencoded", body: "%%%=%&a=%E0%A4%A&=&&&" },
  { type: "application/x-www-form-urlencoded", body: "a=" + "%00".repeat(3000) },
  { type: "application/x-www-form-urlencoded", body: HUGE },
  { type: "text/plain", body: "email=a@b.co" },
  { type: "application/xml", body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: undefined, body: "email=a@b.co" },
  { type: "", body: "" },
  { type: "image/png", body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
];

/** The fields sent in one of the ways a body can be sent, or a broken body. */
function bodyArb(fields: fc.Arbitrary<Fields>): fc.Arbitrary<{ type: string | undefined; body: string | Uint8Array }> {
  return fc.oneof(
    { weight: 4, arbitrary: fields.map((f) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(f).toString() })) },
    { weight: 3, arbitrary: fields.map((f) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(f) })) },
    { weight: 1, arbitrary: fields.map((f) => ({ type: "application/json", body: jsonObject(f) })) },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_BODIES) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((body) => ({ type: "application/x-www-form-urlencoded", body })) },
  );
}

const post = (pathArb: fc.Arbitrary<string>, fields: fc.Arbitrary<Fields>): fc.Arbitrary<Sent> =>
  fc.tuple(pathArb, bodyArb(fields)).map(([path, { type, body }]): Sent => ({
    method: "POST",
    path,
    headers: type === undefined ? {} : { "content-type": type },
    body,
  }));

/** A path segment: hostile text percent-encoded, or raw escapes that do not decode. */
const segment = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd")) || "x") },
  { weight: 1, arbitrary: fc.constantFrom("%00", "%E0%A4%A", "%ff", "%2e%2e", "..%2f", "%252e", "a%0d%0aSet-Cookie:x=1", "%C0%AE") },
);
/** A query string of named parameters, each hostile, sometimes repeated, plus extra names. */
function queryArb(names: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), hostileKey), segment);
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) =>
      pairs.length === 0
        ? ""
        : `?${pairs.map(([name, value]) => `${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, "\ufffd"))}=${value}`).join("&")}`,
    );
}
const get = (paths: fc.Arbitrary<string>, names: string[]): fc.Arbitrary<Sent> =>
  fc.tuple(paths, queryArb(names)).map(([path, query]) => ({ method: "GET", path: path + query, headers: {} }));

// ---------------------------------------------------------------------------------------------------------------
// What each form takes when it is filled in right

const VALID = {
  newsletter: { email: "fuzz@example.com" },
  suggestion: {
    businessName: "Fuzz Flowers",
    contactName: "Pat",
    email: "pat@example.com",
    businessAddress: "1 Main St, Portland, OR",
    additionalInfo: "Open early.",
  },
  business: {
    name: "Fuzz Wholesale Flowers",
    address: "1 Main St",
    city: "Portland",
    stateId: "oregon",
    zipcode: "97201",
    type: "Wholesale",
    access: "public-welcome",
    accessNote: "",
    phone: "",
    website: "",
    openingHours: "",
    description: "Cut flowers by the bunch.",
    submitterName: "Pat",
    submitterEmail: "pat@example.com",
    submitterRole: "owner",
  },
  report: { kind: "other", details: "The shop has moved.", email: "" },
  demand: { email: "fuzz@example.com", zipcode: "97201", radius: "25" },
  claim: { name: "Pat Fuzz", role: "Owner", email: "pat@example.com", phone: "(503) 555-0100" },
  ownerEdit: {
    version: "2026-01-01T00:00:00.000Z",
    name: "Fuzz Stems",
    address: "2 Market St",
    city: "Portland",
    zipcode: "97201",
    phone: "(503) 555-0100",
    website: "https://fuzz.example",
    access: "trade-only",
    accessNote: "",
    openingHours: "",
    description: "Stems.",
  },
  wholesaler: {
    intent: "create",
    name: "Fuzz Stems",
    address: "2 Market St",
    city: "Portland",
    stateId: "oregon",
    zipcode: "97201",
    type: "Wholesale",
    hours: "",
    description: "",
    phone: "",
    website: "",
    latitude: "",
    longitude: "",
    access: "",
    accessNote: "",
    openingHours: "",
    verifiedAt: "",
    source: "https://example.com",
    adminNote: "",
  },
  festival: {
    intent: "create",
    name: "Fuzz Tulip Days",
    description: "Tulips along the lake.",
    startDate: "2027-05-02",
    endDate: "2027-05-10",
    location: "Centennial Park",
    city: "Holland",
    state: "michigan",
    website: "",
    ticketPrice: "Free",
    image: "",
  },
  blog: {
    intent: "create",
    title: "Fuzz Peonies",
    excerpt: "How to buy, open and arrange peonies on a budget.",
    content: "## Buying\n\nBuy them closed.",
    category: "Wedding",
    date: "2026-04-20",
    image: "",
    status: "draft",
  },
  grocery: {
    intent: "create",
    name: "Fuzz Mart",
    description: "Fuzz Mart sells tulip bunches at low prices.",
    priceRange: "$3-$12",
    bestFor: "Tulips",
  },
  state: { intent: "update", id: "idaho", updatedAt: "2020-01-01T00:00:00.000Z", name: "Idaho", region: "West", cities: "Boise\nNampa" },
  settings: {
    intent: "general",
    version: "x",
    siteName: "Wholesale Flower Finder",
    contactEmail: "hello@example.com",
    enableBlog: "on",
    enableFestivals: "on",
  },
  seo: {
    intent: "seo",
    version: "x",
    metaTitle: "Wholesale flowers",
    metaDescription: "Find wholesale flowers near you.",
    googleAnalyticsId: "",
  },
  record: { intent: "update", id: "1", updatedAt: "2020-01-01T00:00:00.000Z" },
};
const intents = (...names: string[]) => fc.oneof(fc.constantFrom(...names), hostileText);
const anyOf = (...values: string[]) => fc.constantFrom(...values);

/** A CSV file for the import, broken in the ways files are. */
const csvText = fc.oneof(
  fc.constantFrom(
    "name,address,city,state,zipcode,type\r\nFuzz,1 Main St,Portland,OR,97201,Wholesale\r\n",
    'name,address\r\n"unclosed,1 Main\r\n',
    'name,address\r\n"a"b,c\r\n',
    "\ufeff\ufeffname\r\n=cmd|' /C calc'!A0,x\r\n",
    "",
    "\u0000\u0000\u0000",
    "name,".repeat(5000) + "\r\n",
  ),
  fc.array(fc.array(hostileText, { maxLength: 6 }), { maxLength: 5 }).map((rows) => rows.map((r) => r.join(",")).join("\r\n")),
);
const importBody: fc.Arbitrary<{ type: string; body: string | Uint8Array }> = fc.oneof(
  fc
    .tuple(intents("dry-run", "import"), hostileText, csvText, fc.constantFrom("import.csv", "../../x.csv", "a\u0000.csv", ""))
    .map(([intent, fingerprint, csv, fileName]) => ({
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fingerprint"\r\n\r\n${fingerprint}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
    })),
  fc.constantFrom(...BROKEN_BODIES).map(({ type, body }) => ({ type: type ?? "", body })),
);
/** An image upload: a file that is not an image, a truncated one, a wrong field, a broken body. */
const uploadBody: fc.Arbitrary<{ type: string; body: string | Uint8Array }> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("image", "file", "", "__proto__"),
      fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", ""),
      fc.oneof(
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom(
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
          new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
          new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "),
        ),
      ),
    )
    .map(([field, type, bytes]) => {
      const head = new TextEncoder().encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n`,
      );
      const tail = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);
      return { type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.concat([head, bytes, tail]) };
    }),
  fc.constantFrom(...BROKEN_BODIES).map(({ type, body }) => ({ type: type ?? "", body })),
);

interface Target {
  name: string;
  arb: fc.Arbitrary<Sent>;
  /** Share of RUNS. */
  share: number;
  admin?: boolean;
  /** Tables a refused request may still write on purpose (a failed sign-in is counted in the audit log). */
  mayWrite?: string[];
  /** Waits, after a 2xx, for what the request started in the background, which writes to the database later. */
  settle?: (server: RunningServer, cookie: string) => Promise<void>;
}

/** Until the latest background job of a kind (see /admin/tools/jobs) has finished. */
async function untilJobDone(server: RunningServer, cookie: string, kind: string) {
  for (;;) {
    const response = await fetch(`${server.url}/admin/tools/jobs`, { headers: { cookie, "x-forwarded-for": nextAddress() } });
    expect(response.status).toBe(200);
    const { latest } = (await response.json()) as { latest: Record<string, { state: string } | undefined> };
    if (latest[kind] && latest[kind].state !== "queued" && latest[kind].state !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stateIds = fc.oneof(anyOf("california", "oregon", "idaho"), segment);

/** The public JSON API's read addresses without a parameter. */
const API_READ_PATHS = [
  "/api/states",
  "/api/grocery-stores",
  "/api/blog-posts",
  "/api/flower-festivals",
  "/api/flower-festivals/upcoming",
  "/api/wholesalers/near",
  "/api/zipcodes/nearest",
] as const;

/** The public JSON API's addresses of one record or list, with a hostile path segment for its parameter. */
const apiRecordPaths = () => [
  segment.map((s) => `/api/states/${s}`),
  segment.map((s) => `/api/wholesalers/state/${s}`),
  segment.map((s) => `/api/wholesalers/zipcode/${s}`),
  segment.map((s) => `/api/wholesalers/zipcode/${s}/nearest`),
  segment.map((s) => `/api/blog-posts/${s}`),
  segment.map((s) => `/api/flower-festivals/${s}`),
];

const TARGETS: Target[] = [
  // Public JSON API
  {
    name: "POST /api/newsletter/subscribe",
    share: 1,
    arb: fc.oneof(
      post(fc.constant("/api/newsletter/subscribe"), fieldsArb(VALID.newsletter)),
      fc
        .tuple(
          fc.jsonValue({ maxDepth: 3 }),
          fc.constantFrom("application/json", "application/vnd.api+json", "application/json; charset=latin1"),
        )
        .map(([value, type]) => ({
          method: "POST",
          path: "/api/newsletter/subscribe",
          headers: { "content-type": type },
          body: JSON.stringify({ email: value }),
        })),
    ),
  },
  {
    name: "GET /api/*",
    share: 2,
    arb: get(
      fc.oneof(
        fc.constantFrom(
          ...API_READ_PATHS,
          // POST-only: a 405.
          "/api/newsletter/subscribe",
        ),
        fc.tuple(anyOf("wholesaler", "festival", "blog"), segment).map(([kind, s]) => `/api/upload/${kind}/${s}`),
        ...apiRecordPaths(),
        segment.map((s) => `/api/${s}`),
      ),
      ["zip", "lat", "lng", "radius", "access", "q", "month", "state", "updatedAt"],
    ),
  },
  {
    name: "other methods on the API",
    share: 0.5,
    arb: fc
      .tuple(
        fc.constantFrom("PUT", "PATCH", "DELETE", "POST", "OPTIONS"),
        fc.oneof(fc.constantFrom(...API_READ_PATHS, "/api/nothing"), ...apiRecordPaths()),
        bodyArb(fieldsArb(VALID.newsletter)),
      )
      .map(([method, path, { type, body }]): Sent => ({ method, path, headers: type ? { "content-type": type } : {}, body })),
  },
  // Public forms
  { name: "POST /newsletter", share: 1, arb: post(fc.constant("/newsletter"), fieldsArb(VALID.newsletter)) },
  {
    name: "POST /newsletter/unsubscribe",
    share: 0.5,
    arb: post(
      queryArb(["token"]).map((q) => `/newsletter/unsubscribe${q}`),
      fieldsArb({ token: "0".repeat(64) }),
    ),
  },
  {
    name: "POST /newsletter/confirm",
    share: 0.5,
    arb: post(
      queryArb(["token"]).map((q) => `/newsletter/confirm${q}`),
      fieldsArb({ token: "0".repeat(32) }),
    ),
  },
  { name: "POST /about", share: 1.5, arb: post(fc.constant("/about"), fieldsArb(VALID.suggestion)) },
  {
    name: "POST /notify-me",
    share: 1,
    arb: post(fc.constant("/notify-me"), fieldsArb(VALID.demand, { radius: fc.oneof(anyOf("10", "25", "50", "100", "30"), hostileText) })),
  },
  {
    name: "POST /notify-me/confirm and /notify-me/unsubscribe",
    share: 0.5,
    arb: post(
      fc.tuple(fc.constantFrom("/notify-me/confirm", "/notify-me/unsubscribe"), queryArb(["token"])).map(([path, q]) => `${path}${q}`),
      fieldsArb({ token: "0".repeat(32) }),
    ),
  },
  {
    name: "POST /list-your-business",
    share: 1.5,
    arb: post(
      fc.constant("/list-your-business"),
      fieldsArb(VALID.business, {
        type: fc.oneof(anyOf("Wholesale", "Retail", "Both"), hostileText),
        access: fc.oneof(anyOf("trade-only", "public-welcome", "public-hours"), hostileText),
        openingHours: fc.oneof(
          anyOf('{"mon":[{"open":"09:00","close":"17:00"}]}', '{"mon":[{"open":"25:00"}]}', '{"__proto__":{}}'),
          hostileText,
        ),
      }),
    ),
  },
  {
    name: "POST /wholesalers/:id/report",
    share: 1.5,
    arb: post(
      hostileId.map((id) => `/wholesalers/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/report`),
      fieldsArb(VALID.report, { kind: fc.oneof(anyOf("closed", "wrong-address", "other"), hostileText) }),
    ),
  },
  {
    name: "POST /wholesalers/:id/claim",
    share: 1,
    arb: post(
      hostileId.map((id) => `/wholesalers/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/claim`),
      fieldsArb(VALID.claim),
    ),
  },
  // The owners' pages (decision 045), without an owner's session: sign-in requests, dead links, 401s.
  { name: "POST /owner/sign-in", share: 0.2, arb: post(fc.constant("/owner/sign-in"), fieldsArb({ email: "nobody@example.com" })) },
  {
    name: "POST /owner/link and /owner/still-right",
    share: 0.3,
    arb: post(
      fc.tuple(fc.constantFrom("/owner/link", "/owner/still-right"), queryArb(["token"])).map(([path, q]) => `${path}${q}`),
      fieldsArb({ token: "0".repeat(43) }),
    ),
  },
  {
    name: "POST /owner/listings/:id and /owner/sign-out",
    share: 0.3,
    arb: post(
      fc.oneof(
        fc.constant("/owner/sign-out"),
        hostileId.map((id) => `/owner/listings/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}`),
        hostileId.map((id) => `/owner/listings/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/photo`),
      ),
      fieldsArb(VALID.ownerEdit),
    ),
  },
  {
    name: "POST to pages without a form (/search, /near, /)",
    share: 0.5,
    arb: post(fc.constantFrom("/search", "/near", "/", "/state/oregon", "/festivals", "/blog"), fieldsArb({ q: "rose", zip: "97201" })),
  },
  {
    name: "POST /admin/login",
    share: 0.1,
    mayWrite: ["audit_log"],
    arb: post(fc.constant("/admin/login"), fieldsArb({ email: "nobody@example.com", password: "wrong-password", next: "/admin" })),
  },
  {
    // Signed out, so with no sign-in challenge: the code is refused before any is checked.
    name: "POST /admin/login/code",
    share: 0.1,
    mayWrite: ["audit_log", "login_attempts"],
    arb: post(fc.constant("/admin/login/code"), fieldsArb({ code: "123456" })),
  },
  {
    name: "POST /admin/forgot-password",
    share: 0.1,
    arb: post(fc.constant("/admin/forgot-password"), fieldsArb({ email: "nobody@example.com" })),
  },
  {
    name: "POST /admin/reset-password",
    share: 0.2,
    arb: post(
      queryArb(["token"]).map((q) => `/admin/reset-password${q}`),
      fieldsArb({ token: "0".repeat(43), password: "a-new-password-for-fuzz", confirm: "a-new-password-for-fuzz" }),
    ),
  },
  // Public pages
  {
    name: "GET pages",
    share: 2,
    arb: get(
      fc.oneof(
        fc.constantFrom(
          "/",
          "/states",
          "/all-states",
          "/blog",
          "/festivals",
          "/search",
          "/near",
          "/about",
          "/list-your-business",
          "/newsletter",
          "/newsletter/unsubscribe",
          "/sitemap",
          "/privacy",
          "/terms",
          "/search.data",
          "/festivals.ics",
          "/rss.xml",
          "/sitemap.xml",
          "/robots.txt",
          // A results map's ground: lat, lng and radius come from the query's parameters.
          "/maps/area.svg",
          "/healthz",
          "/readyz",
          "/admin/login",
          // Signed out, with no challenge: back to the sign-in page.
          "/admin/login/code",
          // The saved suppliers: drawn in the browser from what it keeps.
          "/saved",
          // Signed out: the sign-out, and the tools' progress (a 401 JSON).
          "/admin/logout",
          "/admin/tools/jobs",
        ),
        hostileId.map((id) => `/wholesalers/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/report`),
        hostileId.map((id) => `/wholesalers/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/claim`),
        hostileId.map((id) => `/owner/listings/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}`),
        hostileId.map((id) => `/owner/listings/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/photo`),
        segment.map((s) => `/state/${s}`),
        segment.map((s) => `/blog/${s}`),
        segment.map((s) => `/festivals/${s}`),
        segment.map((s) => `/festivals/${s}.ics`),
        // A state map's outline: the state's id in the file's name, any version.
        segment.map((s) => `/maps/state/${s}.svg`),
        segment.map((s) => `/grocery/${s}`),
        fc.tuple(hostileId, segment).map(([id, s]) => `/wholesalers/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}/${s}`),
        segment.map((s) => `/wholesalers/${s}`),
        segment.map((s) => `/uploads/${s}`),
        segment.map((s) => `/${s}`),
      ),
      ["q", "page", "date", "month", "state", "zip", "radius", "lat", "lng", "type", "access", "open", "token", "next", "category"],
    ),
  },
  {
    name: "GET the newsletter's and the password reset's pages",
    share: 0.5,
    arb: get(
      fc.oneof(
        fc.constantFrom(
          "/newsletter/confirm",
          "/admin/forgot-password",
          "/admin/reset-password",
          "/notify-me",
          "/notify-me/confirm",
          "/notify-me/unsubscribe",
          "/owner",
          "/owner/sign-in",
          "/owner/link",
          "/owner/still-right",
          "/owner/sign-out",
        ),
        segment.map((s) => `/newsletter/${s}`),
      ),
      ["token", "zip", "radius"],
    ),
  },
  // Admin, signed in
  {
    name: "POST /admin/wholesalers",
    share: 2,
    admin: true,
    arb: post(
      fc.constantFrom("/admin/wholesalers", "/admin/wholesalers/new"),
      fc.oneof(
        fieldsArb(VALID.wholesaler, {
          intent: intents("create"),
          stateId: stateIds,
          latitude: fc.oneof(anyOf("45.5", "-91", "1e309", "NaN"), hostileText),
          openingHours: fc.oneof(
            anyOf('{"mon":[{"open":"09:00","close":"17:00"}]}', "Mon-Fri 06:00-14:00", '{"__proto__":1}'),
            hostileText,
          ),
          verifiedAt: fc.oneof(anyOf("2026-01-01", "2099-01-01", "2026-02-30"), hostileText),
          locationApproximate: fc.oneof(anyOf("on", "off"), hostileText),
        }),
        fieldsArb({ ...VALID.record, name: "x" }, { intent: intents("update", "delete", "verify", "create"), id: hostileId }),
        fieldsArb({ ...VALID.wholesaler, suggestion: "1", confirm: "1" }, { suggestion: hostileId }),
      ),
    ),
  },
  {
    name: "POST /admin/festivals",
    share: 1,
    admin: true,
    arb: post(
      fc.constantFrom("/admin/festivals", "/admin/festivals/new"),
      fc.oneof(
        fieldsArb(VALID.festival, { intent: intents("create"), state: stateIds, featured: fc.oneof(anyOf("on"), hostileText) }),
        fieldsArb(VALID.record, { intent: intents("update", "delete"), id: hostileId }),
      ),
    ),
  },
  {
    name: "POST /admin/blog",
    share: 1,
    admin: true,
    arb: post(
      fc.constantFrom("/admin/blog", "/admin/blog/new"),
      fc.oneof(
        fieldsArb(VALID.blog, { intent: intents("create", "preview"), status: fc.oneof(anyOf("draft", "published"), hostileText) }),
        fieldsArb(
          { intent: "preview", content: "**hi**" },
          { content: fc.oneof(hostileText, anyOf("[x](javascript:alert(1))", "<img src=x onerror=alert(1)>", "x".repeat(60_000))) },
        ),
        fieldsArb(VALID.record, { intent: intents("update", "delete"), id: hostileId }),
      ),
    ),
  },
  {
    name: "POST /admin/grocery-stores",
    share: 1,
    admin: true,
    arb: post(
      fc.constant("/admin/grocery-stores"),
      fc.oneof(
        fieldsArb(VALID.grocery, { intent: intents("create") }),
        fieldsArb(VALID.record, { intent: intents("update", "delete"), id: hostileId }),
      ),
    ),
  },
  {
    name: "POST /admin/newsletter",
    share: 1,
    admin: true,
    arb: post(
      fc.constantFrom("/admin/newsletter", "/admin/newsletter/new"),
      fc.oneof(
        fieldsArb(
          { intent: "create", title: "Fuzz issue", body: "## Peonies\n\nIn season." },
          { articles: hostileId, festivals: hostileId, listings: hostileId },
        ),
        fieldsArb(
          { intent: "preview", body: "**hi**" },
          { body: fc.oneof(hostileText, anyOf("[x](javascript:alert(1))", "x".repeat(60_000))) },
        ),
        fieldsArb(VALID.record, { intent: intents("update", "delete", "preview-issue", "send-test", "send"), id: hostileId }),
      ),
    ),
  },
  {
    // Your account's two-step sign-in: a wrong code or password is counted (login_attempts) before it is checked.
    name: "POST /admin/account",
    share: 0.3,
    admin: true,
    mayWrite: ["audit_log", "login_attempts"],
    arb: post(
      fc.constant("/admin/account"),
      fieldsArb(
        { intent: "start", code: "123456", confirmation: "wrong-password" },
        { intent: intents("start", "cancel", "enable", "regenerate", "disable") },
      ),
    ),
  },
  {
    name: "POST /admin/mail",
    share: 0.2,
    admin: true,
    arb: post(fc.constant("/admin/mail"), fieldsArb({ intent: "test" }, { intent: intents("test") })),
  },
  { name: "POST /admin/states", share: 1, admin: true, arb: post(fc.constant("/admin/states"), fieldsArb(VALID.state, { id: stateIds })) },
  {
    name: "POST /admin/settings",
    share: 1,
    admin: true,
    arb: post(
      fc.constant("/admin/settings"),
      fc.oneof(fieldsArb(VALID.settings, { intent: intents("general") }), fieldsArb(VALID.seo, { intent: intents("seo") })),
    ),
  },
  ...(
    [
      ["subscribers", ["delete"]],
      ["suggestions", ["reject"]],
      ["submissions", ["approve", "reject"]],
      ["reports", ["resolve", "dismiss"]],
      ["claims", ["approve", "reject", "approve-change", "reject-change", "remove-owner"]],
    ] as const
  ).map(([page, names]): Target => ({
    name: `POST /admin/${page}`,
    share: 0.75,
    admin: true,
    arb: post(
      fc.constant(`/admin/${page}`),
      fieldsArb(
        { intent: names[0], id: "1", status: "pending", confirm: "1" },
        { intent: intents(...names), id: hostileId, status: hostileText },
      ),
    ),
  })),
  {
    name: "POST /admin/tools/import",
    share: 1,
    admin: true,
    arb: importBody.map(({ type, body }): Sent => ({
      method: "POST",
      path: "/admin/tools/import",
      headers: type ? { "content-type": type } : {},
      body,
    })),
  },
  {
    name: "POST /admin/tools/clear-cache",
    share: 0.1,
    admin: true,
    arb: post(fc.constantFrom("/admin/tools/clear-cache"), fieldsArb({ intent: "clear" })),
  },
  {
    // Takes no fields: whatever the body, a signed-in admin gets the backup (a few cases: each is a whole backup).
    name: "POST /admin/tools/backup",
    share: 0.1,
    admin: true,
    arb: post(fc.constant("/admin/tools/backup"), fieldsArb({ intent: "backup" })),
  },
  {
    name: "POST /admin/tools/optimise-images",
    share: 0.1,
    admin: true,
    arb: post(fc.constant("/admin/tools/optimise-images"), fieldsArb({ intent: "optimise" })),
    // The job writes its report to the audit log when it ends: it must not end during a later case's comparison.
    settle: (server, cookie) => untilJobDone(server, cookie, "optimise-images"),
  },
  {
    name: "POST /api/upload/*",
    share: 1,
    admin: true,
    arb: fc
      .tuple(fc.constantFrom("wholesaler", "festival", "blog", "nothing"), hostileId, queryArb(["updatedAt"]), uploadBody)
      .map(([kind, id, query, { type, body }]): Sent => ({
        method: "POST",
        path: `/api/upload/${kind}/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, "")) || "1"}${query}`,
        headers: type ? { "content-type": type } : {},
        body,
      })),
  },
  {
    name: "GET admin pages",
    share: 1,
    admin: true,
    arb: get(
      fc.oneof(
        fc.constantFrom(
          "/admin",
          "/admin/wholesalers",
          "/admin/wholesalers.csv",
          "/admin/festivals",
          "/admin/blog",
          "/admin/states",
          "/admin/grocery-stores",
          "/admin/subscribers",
          "/admin/subscribers.csv",
          "/admin/suggestions",
          "/admin/submissions",
          "/admin/reports",
          "/admin/demand",
          "/admin/claims",
          "/admin/settings",
          "/admin/image-manager",
          "/admin/mail",
          "/admin/account",
          "/admin/newsletter",
          "/admin/newsletter/new",
          "/admin/wholesalers/new",
          "/admin/festivals/new",
          "/admin/blog/new",
          "/admin/tools/jobs",
          // POST-only: a 405.
          "/admin/tools/backup",
          "/admin/tools/import",
          "/admin/tools/clear-cache",
          "/admin/tools/optimise-images",
        ),
        segment.map((s) => `/admin/mail/${s}`),
        segment.map((s) => `/admin/mail/${s}/html`),
        segment.map((s) => `/admin/newsletter/${s}/progress`),
        segment.map((s) => `/admin/newsletter/${s}/email`),
        segment.map((s) => `/admin/${s}`),
      ),
      ["q", "page", "type", "state", "access", "verification", "status", "kind", "edit", "suggestion", "sort", "next"],
    ),
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Every route has a target

const ROOT = path.resolve(import.meta.dirname, "../..");

const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map(
    (entry) =>
      ({
        id: routeId(entry),
        path: entry.path,
        index: entry.index,
        children: entry.children && toRouteObjects(entry.children),
      }) as RouteObject,
  );
const ROUTE_OBJECTS = toRouteObjects(routes);
const LEAVES = routeLeaves(routes);
const LEAF_PATHS = new Map(LEAVES.map((leaf) => [leaf.id, leaf.path]));

/** A route Express answers itself, registered with a path in server/app.ts or a module that registers routes there. */
interface ExpressRoute {
  method: string;
  path: string;
  pattern: RegExp;
}
const EXPRESS_SOURCES = ["server/app.ts", "app/http/calendar-routes.server.ts"];
const EXPRESS_ROUTES: ExpressRoute[] = EXPRESS_SOURCES.flatMap((file) =>
  [
    ...fs
      .readFileSync(path.join(ROOT, file), "utf8")
      .matchAll(/\bapp\.(get|post|put|patch|delete|all|use)\(\s*(\[[^\]]*\]|"[^"]*"|`[^`]*`)\s*,\s*(limit\()?/g),
  ]
    // A rate limit is not a route: it counts requests on their way to a React Router route, checked as such.
    .filter(([, , , limit]) => !limit)
    .flatMap(([, method, paths]) =>
      [...paths!.matchAll(/["`]([^"`]*)["`]/g)].map(([, routePath]) => ({
        method: method!.toUpperCase(),
        // A path built from a variable cannot be read here: it stays unmatched, and the check below names it.
        path: routePath!,
        pattern: new RegExp(
          `^${routePath!
            .replace(/[.+?^$()|\\]/g, "\\$&")
            .replace(/\{\*\w+\}/g, ".*")
            .replace(/:\w+/g, "[^/]+?")}${method === "use" ? "(/|$)" : "$"}`,
          "i",
        ),
      })),
    ),
);

/** "GET" for what a loader answers, "POST" for what an action answers (any other method goes to the action too). */
const kindOf = (method: string) => (method === "GET" || method === "HEAD" ? "GET" : "POST");

/**
 * The routes whose first segment can match a path's: React Router ranks every route it is given on each call
 * (2 ms for all of them), and a route whose first segment is another word cannot match anyway.
 */
function candidates(objects: RouteObject[], first: string): RouteObject[] {
  return objects.flatMap((route): RouteObject[] => {
    if (!route.path) return route.children ? [{ ...route, children: candidates(route.children, first) } as RouteObject] : [route];
    const head = route.path.split("/")[0]!;
    return head.startsWith(":") || head === "*" || head.toLowerCase() === first.toLowerCase() ? [route] : [];
  });
}

/**
 * What React Router matches for an address: a page's data address (/about.data, /_root.data) runs that page's
 * loader or action; a segment that does not decode matches no static segment (React Router would warn about it).
 */
const routerPathOf = (pathname: string) =>
  (pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, ""))
    .split("/")
    .map((part) => {
      try {
        decodeURIComponent(part);
        return part;
      } catch {
        return "undecodable";
      }
    })
    .join("/");
/** The id of the React Router route a path reaches, if any. */
const routerLeaf = (routerPath: string, among = candidates(ROUTE_OBJECTS, routerPath.split("/")[1] ?? "")) =>
  matchRoutes(among, routerPath)?.at(-1)?.route.id;

const reachedBy = new Map<string, string[]>();
/** The routes a request reaches: Express's own, and the React Router route, unless an Express route answered it. */
function reached(sent: Sent): string[] {
  const { pathname } = new URL(sent.path, "http://fuzz.invalid");
  const known = reachedBy.get(`${sent.method} ${pathname}`);
  if (known) return known;
  const keys = reachedFrom(sent.method, pathname);
  reachedBy.set(`${sent.method} ${pathname}`, keys);
  return keys;
}
function reachedFrom(method: string, pathname: string): string[] {
  const keys: string[] = [];
  let answered = false;
  for (const route of EXPRESS_ROUTES) {
    if (route.method !== "USE" && route.method !== "ALL" && route.method !== method) continue;
    if (!route.pattern.test(pathname)) continue;
    // React Router's handler (ALL /{*path}) hands over to the routes of app/routes.ts, matched below.
    if (route.method === "ALL") continue;
    keys.push(`${route.method} ${route.path}`);
    answered ||= route.method !== "USE";
  }
  if (answered) return keys;
  const leaf = routerLeaf(routerPathOf(pathname));
  if (leaf) keys.push(`${kindOf(method)} ${LEAF_PATHS.get(leaf)}`);
  return keys;
}

/**
 * What must be reached: each route of app/routes.ts by a GET if it has a loader or a page, by a POST if it has an
 * action; each route Express answers itself, by its method.
 */
const REQUIRED: string[] = [
  ...LEAVES.flatMap((leaf) => {
    const source = fs.readFileSync(path.join(ROOT, "app", leaf.file), "utf8");
    return [
      ...(/^export ((async )?function loader\b|const loader\b|default\b)/m.test(source) ? [`GET ${leaf.path}`] : []),
      ...(/^export ((async )?function action\b|const action\b)/m.test(source) ? [`POST ${leaf.path}`] : []),
    ];
  }),
  ...EXPRESS_ROUTES.map((route) => `${route.method} ${route.path}`),
];

/** Routes no target sends a case to, and why. */
const EXCLUDED: Record<string, string> = {
  // Signing out ends the session every admin target uses: its own test, after the targets, sends it a hostile body.
  "POST /admin/logout": "signs out the session the admin targets share; tested on its own below",
  // Express's hand-over to React Router, whose routes are those of app/routes.ts, each checked on its own.
  "ALL /{*path}": "React Router's handler; its routes are checked one by one",
};

/** Seed of the sample each target's first cases are picked from: fixed, so that every FUZZ_SEED covers every route. */
const COVERAGE_SEED = 20_261_126;

/**
 * The cases each target sends first on every run (fast-check's `examples`): for each route its cases reach, the
 * first case that reaches it. The sample doubles (100, 200, ... up to 12,800 cases) until its second half reaches
 * no route its first half did not. The random cases of the run come after these.
 */
function firstCases(target: Target, seed: number): Sent[] {
  for (let size = 100; ; size *= 2) {
    const seen = new Set<string>();
    let lastNew = 0;
    const first = fc.sample(target.arb, { seed, numRuns: size }).filter((sent, index) => {
      const fresh = reached(sent).filter((key) => !seen.has(key));
      for (const key of fresh) seen.add(key);
      if (fresh.length > 0) lastNew = index;
      return fresh.length > 0;
    });
    if (lastNew < size / 2 || size >= 12_800) return first;
  }
}
const FIRST_CASES: Sent[][] = TARGETS.map((target, index) => firstCases(target, COVERAGE_SEED + index));

describe("every route is a fuzz target", () => {
  it("finds the routes of app/routes.ts and those Express answers itself", () => {
    expect(REQUIRED).toEqual(
      expect.arrayContaining([
        "GET /",
        "POST /about",
        "GET /robots.txt",
        "POST /admin/tools/backup",
        "GET /admin/tools/jobs",
        "POST /api/newsletter/subscribe",
        "GET /healthz",
        "GET /festivals/:id.ics",
        "USE /api",
      ]),
    );
    expect(reached({ method: "POST", path: "/about.data", headers: {} })).toEqual(["POST /about"]);
    expect(reached({ method: "GET", path: "/festivals/3.ics?x=1", headers: {} })).toEqual(["GET /festivals/:id.ics"]);
    expect(reached({ method: "PUT", path: "/api/states/ore%ff", headers: {} })).toEqual(["USE /api", "POST /api/states/:stateId"]);
    expect(reached({ method: "GET", path: "/wholesalers/1/report", headers: {} })).toEqual(["GET /wholesalers/:id/report"]);
    expect(reached({ method: "GET", path: "/admin/no-such-page", headers: {} })).toEqual(["GET /admin/*"]);
    // The routes handed to React Router are cut down to speed it up: it matches as it does with all of them.
    for (const sent of FIRST_CASES.flat()) {
      const routerPath = routerPathOf(new URL(sent.path, "http://fuzz.invalid").pathname);
      expect(routerLeaf(routerPath), routerPath).toBe(routerLeaf(routerPath, ROUTE_OBJECTS));
    }
  });

  it("sends a case on every run to each route, unless it is excluded with its reason", () => {
    const covered = new Set(FIRST_CASES.flat().flatMap(reached));
    expect(
      REQUIRED.filter((key) => !covered.has(key) && !(key in EXCLUDED)),
      "routes no fuzz target sends a case to: add them to TARGETS, or to EXCLUDED with the reason",
    ).toEqual([]);
    expect(
      Object.keys(EXCLUDED).filter((key) => !REQUIRED.includes(key) || covered.has(key)),
      "exclusions of routes that do not exist or that a target covers",
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// What the properties found, kept as fixed cases (each answered 500 before its fix)

interface Known {
  name: string;
  sent: Sent;
  admin?: boolean;
  status: number;
  /** What the answer says (a `.data` address answers the action's data, messages included). */
  says?: string;
}

const form = (path: string, type: string | undefined, body: string): Sent => ({
  method: "POST",
  path,
  headers: type === undefined ? {} : { "content-type": type },
  body,
});
const URLENCODED = "application/x-www-form-urlencoded";
const NOT_A_FORM = "The request is not a form. Reload the page and try again.";

const KNOWN: Known[] = [
  // Form actions read `request.formData()`, which throws on a body that is not a form.
  {
    name: "JSON to the suggestion form",
    sent: form("/about.data", "application/json", '{"businessName":"x"}'),
    status: 400,
    says: NOT_A_FORM,
  },
  {
    name: "broken multipart to the business form",
    sent: form("/list-your-business.data", `multipart/form-data; boundary=${BOUNDARY}`, "garbage"),
    status: 400,
    says: NOT_A_FORM,
  },
  {
    name: "70 KB to the business form",
    sent: form("/list-your-business.data", URLENCODED, `name=${"x".repeat(70_000)}`),
    status: 413,
    says: "The form is larger than 64 KB.",
  },
  { name: "no Content-Type to the unsubscribe form", sent: form("/newsletter/unsubscribe", undefined, "token=x"), status: 400 },
  { name: "JSON to the sign-in form", sent: form("/admin/login.data", "application/json", "{}"), status: 400, says: NOT_A_FORM },
  {
    name: "broken multipart to an admin list",
    admin: true,
    sent: form("/admin/festivals.data", "multipart/form-data", "garbage"),
    status: 400,
    says: NOT_A_FORM,
  },
  {
    name: "JSON to the blog editor (preview reads the form first)",
    admin: true,
    sent: form("/admin/blog.data", "application/json", '{"intent":"preview"}'),
    status: 400,
    says: NOT_A_FORM,
  },
  {
    name: "1.1 MB to an admin list",
    admin: true,
    sent: form("/admin/grocery-stores.data", URLENCODED, `intent=create&name=${HUGE}`),
    status: 413,
    says: "The form is larger than 1 MB.",
  },
  // `handlers[intent]` found Object.prototype's members: "hasOwnProperty" threw, "__proto__" was "not a function".
  {
    name: "intent=hasOwnProperty on the wholesalers page",
    admin: true,
    sent: form("/admin/wholesalers.data", URLENCODED, "intent=hasOwnProperty&name=x"),
    status: 400,
    says: "Unknown action.",
  },
  {
    name: "intent=__proto__ on the listing requests",
    admin: true,
    sent: form("/admin/submissions.data", URLENCODED, "intent=__proto__&id=1"),
    status: 400,
    says: "Unknown action.",
  },
  {
    name: "intent=constructor on the states page",
    admin: true,
    sent: form("/admin/states.data", URLENCODED, "intent=constructor&id=idaho"),
    status: 400,
    says: "Unknown action.",
  },
  // React Router answered these with a 4xx but printed an Error with its stack on stderr (the test server fails on it).
  { name: "POST to a page without an action", sent: form("/near", URLENCODED, "zip=97201"), status: 405 },
  { name: "POST to the home page", sent: form("/", URLENCODED, "email=a@b.co"), status: 405 },
  {
    name: "an admin address with a line separator no route matches",
    admin: true,
    sent: { method: "GET", path: "/admin/%E2%80%A8", headers: {} },
    status: 404,
  },
  // PostgreSQL cannot store a NUL in a text column ("invalid byte sequence for encoding UTF8: 0x00"): a 500 there.
  {
    name: "a NUL in a suggestion",
    sent: form("/about.data", URLENCODED, "businessName=Rose%00Market&businessAddress=1+Main+St"),
    status: 400,
    says: NUL_MESSAGE,
  },
  {
    name: "a NUL in a report",
    sent: form("/wholesalers/1/report", URLENCODED, "kind=other&details=moved%00away"),
    status: 400,
    says: NUL_MESSAGE,
  },
  { name: "a NUL in a field name", sent: form("/newsletter", URLENCODED, "email%00=a@b.co"), status: 400 },
  {
    name: "a NUL in a new listing",
    admin: true,
    sent: form(
      "/admin/grocery-stores.data",
      URLENCODED,
      `intent=create&name=Nul%00Mart&description=${"Sells tulips. ".repeat(3)}&priceRange=$3&bestFor=Tulips`,
    ),
    status: 400,
    says: NUL_MESSAGE,
  },
  {
    name: "a NUL in JSON",
    sent: {
      method: "POST",
      path: "/api/newsletter/subscribe",
      headers: { "content-type": "application/json" },
      body: '{"email":"a\\u0000@b.co"}',
    },
    status: 400,
    says: "NUL character",
  },
  {
    name: "a NUL in an imported CSV file, with its line",
    admin: true,
    sent: {
      method: "POST",
      path: "/admin/tools/import",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndry-run\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        `name,address,city,state,zipcode,type\r\nRose,1 Main St,Portland,OR,97201,Wholesale\r\nNul\u0000,2 Main St,Portland,OR,97201,Wholesale\r\n--${BOUNDARY}--\r\n`,
    },
    status: 400,
    says: "Line 3: the file holds a NUL character",
  },
  // Not 5xx, but not the site's own answer either: Node's bare 431, and the HTML 404 page under /api.
  {
    name: "an /api address over 16 KB",
    sent: { method: "GET", path: `/api/states/${"a".repeat(20_000)}`, headers: {} },
    status: 431,
    says: '{"message":',
  },
  {
    name: "a page address over 16 KB",
    sent: { method: "GET", path: `/state/${"a".repeat(20_000)}`, headers: {} },
    status: 431,
    says: "too large",
  },
  {
    name: "an /api address with a line break",
    sent: { method: "GET", path: "/api/a%0d%0aSet-Cookie:x=1", headers: {} },
    status: 404,
    says: "No such API endpoint.",
  },
  // A NUL in a path segment or a query reached a PostgreSQL comparison: a 500 there.
  { name: "a NUL in an API path", sent: { method: "GET", path: "/api/states/%00", headers: {} }, status: 400, says: '{"message":' },
  { name: "a NUL in a page path", sent: { method: "GET", path: "/state/1%00", headers: {} }, status: 400, says: "could not be read" },
  { name: "a NUL in a search", sent: { method: "GET", path: "/search?q=rose%00", headers: {} }, status: 400 },
];

// ---------------------------------------------------------------------------------------------------------------
// The database before and after

/** Every table a request can write, except sessions (an admin's last visit is written as it browses). */
const TABLES = [
  "states",
  "cities",
  "wholesalers",
  "grocery_stores",
  "blog_posts",
  "festivals",
  "newsletter_subscribers",
  "location_suggestions",
  "listing_reports",
  "business_submissions",
  "settings",
  "admin_users",
  "audit_log",
  "mail_outbox",
  "mail_undeliverable",
  "password_resets",
  "newsletter_issues",
];

interface Snapshotter {
  take(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

function sqliteSnapshots(dataDir: string): Snapshotter {
  const db = new Sqlite(path.join(dataDir, "wholesale-flower-finder.db"), { readonly: true, fileMustExist: true });
  const statements = TABLES.map((table) => [table, db.prepare(`select * from ${table} order by rowid`).raw()] as const);
  return {
    take: async () =>
      Object.fromEntries(
        statements.map(([table, statement]) => {
          const rows = statement.all() as unknown[][];
          const hash = crypto
            .createHash("sha256")
            .update(JSON.stringify(rows, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString("hex") : value)));
          return [table, `${rows.length} ${hash.digest("hex")}`];
        }),
      ),
    close: async () => {
      db.close();
    },
  };
}

async function postgresSnapshots(url: string): Promise<Snapshotter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = TABLES.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ' ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as value from ${table} t`,
  ).join(" union all ");
  return {
    take: async () =>
      Object.fromEntries((await client.query<{ name: string; value: string }>(query)).rows.map((row) => [row.name, row.value])),
    close: async () => {
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const STACK_TRACE = /\n\s+at .+:\d+:\d+\)?/;

let addressCounter = 0;
/** A client address of its own for each request (the server trusts the loopback proxy), so no per-address limit answers 429. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function send(server: RunningServer, sent: Sent, cookie: string | undefined) {
  const headers: Record<string, string> = { ...sent.headers, "x-forwarded-for": nextAddress() };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(server.url + sent.path, {
    method: sent.method,
    headers,
    body: sent.body as BodyInit | undefined,
    redirect: "manual",
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

const describeSent = (sent: Sent) => {
  const body = sent.body === undefined ? "" : typeof sent.body === "string" ? sent.body : Buffer.from(sent.body).toString("latin1");
  return `${sent.method} ${sent.path.slice(0, 300)} ${JSON.stringify(sent.headers)} ${JSON.stringify(body.slice(0, 300))}${body.length > 300 ? `… (${body.length} chars)` : ""}`;
};

async function checkOne(server: RunningServer, snapshots: Snapshotter, target: Target, sent: Sent, cookie: string | undefined) {
  casesRun += 1;
  const before = await snapshots.take();
  const answer = await send(server, sent, target.admin ? cookie : undefined);
  const what = `${target.name}: ${describeSent(sent)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  expect(STACK_TRACE.test(answer.text), `a stack trace in ${what}`).toBe(false);
  // As fetch sends it: dot segments such as /api/%2e%2e are resolved first.
  const pathname = new URL(server.url + sent.path).pathname;
  if (pathname.startsWith("/api/") && answer.status >= 400) {
    expect(answer.type, what).toMatch(/^application\/json/);
    expect(typeof (JSON.parse(answer.text) as { message?: unknown }).message, what).toBe("string");
  }
  if (answer.status >= 200 && answer.status < 300 && sent.method === "GET") {
    if (pathname.startsWith("/api/")) expect(() => JSON.parse(answer.text) as unknown, what).not.toThrow();
    else if (answer.type.startsWith("text/html")) expect(answer.text.trimEnd().endsWith("</html>"), what).toBe(true);
  }
  if (answer.status >= 400) {
    const after = await snapshots.take();
    for (const table of target.mayWrite ?? []) {
      delete before[table];
      delete after[table];
    }
    expect(after, `the database changed although the request was refused: ${what}`).toEqual(before);
  }
  if (target.settle && answer.status >= 200 && answer.status < 300 && cookie) await target.settle(server, cookie);
  return answer;
}

function fuzzSuite(database: "sqlite" | "postgres", runsScale: number) {
  describe.runIf(database === "sqlite" || runPostgres)(`hostile input on ${database}`, () => {
    let server: RunningServer;
    let snapshots: Snapshotter;
    let cookie: string;
    let stop: (() => Promise<void>) | undefined;
    const started = Date.now();

    beforeAll(async () => {
      const session = await startSignedIn(database);
      ({ server, cookie, stop } = session);
      snapshots = session.databaseUrl ? await postgresSnapshots(session.databaseUrl) : sqliteSnapshots(server.dataDir);
      console.info(`fuzz on ${database}: seed ${SEED}, FUZZ_RUNS ${RUNS}`);
    });
    afterAll(async () => {
      await snapshots?.close();
      await stop?.();
      console.info(`fuzz on ${database}: ${casesRun} cases in total so far, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });

    it.each(KNOWN)("$name: $status", async (known) => {
      const answer = await checkOne(
        server,
        snapshots,
        { name: known.name, arb: fc.constant(known.sent), share: 0, admin: known.admin },
        known.sent,
        cookie,
      );
      expect(answer.status).toBe(known.status);
      if (known.says) expect(answer.text).toContain(known.says);
      expect(server.takeUnexpectedLogs()).toEqual([]);
    });

    for (const [index, target] of TARGETS.entries()) {
      it(`${target.name}: 4xx or a correct answer, never a 5xx; a refusal leaves the database unchanged`, async () => {
        // The first cases (one per route the target reaches, themselves generated) count in numRuns: random ones follow
        // up to the target's share.
        const examples = FIRST_CASES[index]!.map((sent): [Sent] => [sent]);
        const numRuns = Math.max(3, examples.length, Math.round(RUNS * target.share * runsScale));
        await fc.assert(
          fc.asyncProperty(target.arb, async (sent) => {
            await checkOne(server, snapshots, target, sent, cookie);
          }),
          { seed: SEED + index, numRuns, examples, endOnFailure: true },
        );
        // A 5xx the server logged, or an error it logged while answering a 4xx, fails here too.
        expect(server.takeUnexpectedLogs()).toEqual([]);
      }, 120_000);
    }

    it("POST /admin/logout with a hostile body signs out (a correct 302) and nothing else", async () => {
      const answer = await send(
        server,
        { method: "POST", path: "/admin/logout", headers: { "content-type": "application/json" }, body: "[".repeat(6000) },
        cookie,
      );
      casesRun += 1;
      expect(answer.status).toBe(302);
      const admin = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
      expect(admin.status).toBe(302);
      expect(server.takeUnexpectedLogs()).toEqual([]);
    });
  });
}

fuzzSuite("sqlite", 1);
fuzzSuite("postgres", 0.4);

afterAll(() => {
  console.info(`fuzz: ${casesRun} cases run (seed ${SEED}, FUZZ_RUNS ${RUNS})`);
});
