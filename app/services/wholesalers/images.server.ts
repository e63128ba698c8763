import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { setRecordImage } from "../images/record-image.server";
import type { Actor } from "../admin/list";

/**
 * Stores an uploaded photo for a wholesaler. The record changes only after every variant is written;
 * the previous photo's files are removed once no record uses them (see setRecordImage).
 */
export function setWholesalerImage(db: Kysely<Database>, id: number, file: Buffer, dataDir: string, actor: Actor) {
  return setRecordImage(db, "wholesaler", id, file, dataDir, actor);
}
