import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/** The files `scripts/precompress.ts` writes `.br` and `.gz` variants of (text; images and fonts are compressed already). */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".html",
  ".map",
  ".webmanifest",
  ".ico",
]);

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/** Hashed build assets never change under their name; the other public files may change with a release. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const PUBLIC_FILE_CACHE = "public, max-age=3600";
/**
 * The service worker's script is checked on every visit, so that a new build's worker takes over at the next page
 * (docs/decisions/046-offline-service-worker.md); its ETag makes the check a 304.
 */
export const REVALIDATED_FILES = new Set(["/sw.js"]);

type Coding = "br" | "gzip" | "identity";

interface Representation {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  contentType: string;
  cacheControl: string;
  lastModified: string;
  /** Always the identity; br and gzip when the build wrote them. */
  representations: Partial<Record<Coding, Representation>> & { identity: Representation };
}

/** The client's weight for each coding we can send (RFC 9110 §12.5.3); a coding it does not name weighs 0, identity 1. */
export function codingWeights(acceptEncoding: string | undefined): Record<Coding, number> {
  const weights: Record<Coding, number> = { br: 0, gzip: 0, identity: 1 };
  if (!acceptEncoding) return weights;
  let star: number | undefined;
  const named = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    const coding = token.trim() === "x-gzip" ? "gzip" : token.trim();
    if (coding === "*") star = weight;
    else if (coding === "br" || coding === "gzip" || coding === "identity") {
      weights[coding] = weight;
      named.add(coding);
    }
  }
  if (star !== undefined) for (const coding of ["br", "gzip", "identity"] as const) if (!named.has(coding)) weights[coding] = star;
  return weights;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

function readFiles(root: string, immutablePrefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const file = path.join(root, name);
    const extension = path.extname(file);
    // The variants are sent for their original's URL, never under their own.
    if (extension === ".br" || extension === ".gz") continue;
    const stat = fs.statSync(file);
    if (!stat.isFile()) continue;
    const body = fs.readFileSync(file);
    const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27);
    const urlPath = "/" + name.split(path.sep).join("/");
    const representations: StaticFile["representations"] = { identity: { body, etag: `"${hash}"` } };
    for (const [coding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (fs.existsSync(file + suffix))
        representations[coding] = { body: fs.readFileSync(file + suffix), etag: `"${hash}-${suffix.slice(1)}"` };
    }
    files.set(urlPath, {
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      cacheControl: urlPath.startsWith(immutablePrefix) ? IMMUTABLE_CACHE : REVALIDATED_FILES.has(urlPath) ? "no-cache" : PUBLIC_FILE_CACHE,
      lastModified: stat.mtime.toUTCString(),
      representations,
    });
  }
  return files;
}

/**
 * Serves the client build from memory: every file is read once at start-up with the `.br` and `.gz` variants
 * the build wrote (scripts/precompress.ts), and each request gets the best variant its Accept-Encoding allows,
 * as it is (it is mounted before anything compresses, decision 032). Hashed assets under
 * `immutablePrefix` are cached for a year; other files for an hour, with an ETag per variant and 304 answers.
 * Only exact file paths match, so no path can reach outside the folder; anything else goes to the next handler.
 */
export function staticFiles(root: string, { immutablePrefix }: { immutablePrefix: string }) {
  const files = readFiles(root, immutablePrefix);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = files.get(urlPath);
    if (!file) return next();

    const weights = codingWeights(req.headers["accept-encoding"]);
    const { representations } = file;
    const coding: Coding = representations.br && weights.br > 0 ? "br" : representations.gzip && weights.gzip > 0 ? "gzip" : "identity";
    const chosen = representations[coding] ?? representations.identity;

    if (representations.br || representations.gzip) res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", chosen.etag);
    res.setHeader("Last-Modified", file.lastModified);
    if (matchesEtag(req.headers["if-none-match"], chosen.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader("Content-Type", file.contentType);
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", chosen.body.length);
    res.statusCode = 200;
    if (req.method === "HEAD") res.end();
    else res.end(chosen.body);
  };
}
