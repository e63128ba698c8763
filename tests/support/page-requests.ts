import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import path from "node:path";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import type { RunningServer } from "./server";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, its answer's bytes exactly as sent (fetch would decompress them and add its own Accept-Encoding). */
function rawRequest(url: string, options: http.RequestOptions, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { ...options, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end(body);
  });
}

/** One GET, its answer's bytes exactly as sent. */
export const rawGet = (url: string, headers: Record<string, string> = {}) => rawRequest(url, { headers });

/** One form POST (urlencoded), its answer's bytes exactly as sent. */
export const rawPost = (url: string, headers: Record<string, string>, form: string) =>
  rawRequest(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } }, form);

/** The page's HTML, whatever coding it was sent in. */
export function htmlOf(answer: RawAnswer): string {
  const coding = answer.headers["content-encoding"];
  const body = coding === "br" ? zlib.brotliDecompressSync(answer.body) : coding === "gzip" ? zlib.gunzipSync(answer.body) : answer.body;
  return body.toString("utf8");
}

/** The nonce of the answer's Content-Security-Policy. */
export const policyNonce = (answer: RawAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

/** The sources of one directive of the answer's Content-Security-Policy (empty when it has none). */
export function policyDirective(policy: string | string[] | null | undefined, name: string): string[] {
  for (const directive of String(policy ?? "").split(";")) {
    const [directiveName, ...sources] = directive.trim().split(/\s+/);
    if (directiveName === name) return sources;
  }
  return [];
}

/** The SHA-256 (base64) of each inline script the page may run, as a browser reads it: what a policy of hashes names. */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)]
    .filter(([, attributes]) => !/\ssrc=|type="application\/(ld\+)?json"/i.test(attributes ?? ""))
    .map(
      ([, , text]) =>
        `'sha256-${crypto
          .createHash("sha256")
          .update(text ?? "")
          .digest("base64")}'`,
    );

/** Every nonce attribute on the page's elements. */
export const pageNonces = (html: string) => [...html.matchAll(/\bnonce="([^"]*)"/g)].map((match) => match[1]);

/** A POST of a form as the admin's browser sends it before the page's scripts run. */
export function postForm(server: RunningServer, pathname: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** Reads the site's database (SQLite in the server's data directory, or PostgreSQL) with one query. */
export async function queryRows<T>(
  server: RunningServer,
  databaseUrl: string | undefined,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (
        await client.query(
          query.replace(/\?/g, (_, offset: number) => `$${query.slice(0, offset).split("?").length}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return database.prepare(query).all(...params) as T[];
  } finally {
    database.close();
  }
}

/** The general settings form with Blog on or off, saved on top of the version stored now. */
export async function saveGeneralSettings(server: RunningServer, databaseUrl: string | undefined, cookie: string, enableBlog: boolean) {
  const [row] = await queryRows<{ updated_at: string }>(server, databaseUrl, "select updated_at from settings where key = ?", ["general"]);
  const response = await postForm(server, "/admin/settings", cookie, {
    intent: "general",
    version: row?.updated_at ?? "",
    siteName: "Wholesale Flower Finder",
    contactEmail: "hello@wholesaleflowerfinder.com",
    enableFeaturedWholesalers: "on",
    ...(enableBlog ? { enableBlog: "on" } : {}),
    enableFestivals: "on",
  });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`saving the settings answered ${response.status}`);
}

interface WholesalerRow {
  id: number;
  name: string;
  address: string;
  city: string;
  state_id: string;
  zipcode: string;
  type: string;
  featured: number | boolean;
  updated_at: string;
}

/** Saves wholesaler `id` with a new description (and name, when given) through the admin's edit form; its other facts stay. */
export async function editWholesalerDescription(
  server: RunningServer,
  databaseUrl: string | undefined,
  cookie: string,
  id: number,
  description: string,
  name?: string,
) {
  const [row] = await queryRows<WholesalerRow>(
    server,
    databaseUrl,
    "select id, name, address, city, state_id, zipcode, type, featured, updated_at from wholesalers where id = ?",
    [id],
  );
  if (!row) throw new Error(`no wholesaler ${id}`);
  const response = await postForm(server, "/admin/wholesalers", cookie, {
    intent: "update",
    id: String(id),
    updatedAt: row.updated_at,
    name: name ?? row.name,
    address: row.address,
    city: row.city,
    stateId: row.state_id,
    zipcode: row.zipcode,
    type: row.type,
    ...(row.featured ? { featured: "on" } : {}),
    description,
  });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`saving the wholesaler answered ${response.status}`);
}
