import type { Kysely } from "kysely";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "~/db/schema";
import { findStoredBlob } from "~/services/images/storage.server";
import { IMMUTABLE_CACHE, matchesEtag } from "./static-files";

/** What an unknown image answers, in both storage modes (server/main.ts serves disk mode). */
export const IMAGE_NOT_FOUND = "Image not found.";

/**
 * /uploads/<name> with UPLOADS_STORAGE=database: the file from the image_blobs table, with the headers disk
 * mode sends (immutable for a year: a name is the hash of its content; an ETag, a 304 for a matching
 * If-None-Match, which reads no bytes; nosniff). An unknown name is a plain 404; a database that cannot be
 * reached goes to the last error handler (503 with Retry-After).
 */
export function uploadsFromDatabase(db: () => Kysely<Database>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).type("text/plain").send("Method not allowed.");
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(req.path.replace(/^\//, ""));
    } catch {
      name = "";
    }
    try {
      const conditional = isConditional(req);
      const file = await findStoredBlob(db(), name, !conditional && req.method === "GET");
      if (!file) {
        res.status(404).type("text/plain").set("Cache-Control", "no-store").send(IMAGE_NOT_FOUND);
        return;
      }
      res.set({
        "Cache-Control": IMMUTABLE_CACHE,
        ETag: file.etag,
        "Last-Modified": new Date(file.createdAt).toUTCString(),
        "X-Content-Type-Options": "nosniff",
      });
      if (conditional && matchesEtag(req.headers["if-none-match"], file.etag)) {
        res.status(304).end();
        return;
      }
      res.set({ "Content-Type": file.contentType, "Content-Length": String(file.size) });
      if (req.method === "HEAD") {
        res.status(200).end();
        return;
      }
      // A conditional request whose tag did not match: the bytes are read now.
      const bytes = file.bytes ?? (await findStoredBlob(db(), name, true))?.bytes;
      if (!bytes) {
        res.status(404).type("text/plain").set("Cache-Control", "no-store").send(IMAGE_NOT_FOUND);
        return;
      }
      res.status(200).end(bytes);
    } catch (error) {
      next(error);
    }
  };
}

/** Whether the request asks "only if changed", so that the bytes need not be read unless the tag differs. */
const isConditional = (req: Request) => typeof req.headers["if-none-match"] === "string" && req.headers["if-none-match"] !== "";
