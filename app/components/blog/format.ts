import { parseIsoDate } from "~/utils/dates";
import { formatLongDateUtc } from "~/utils/en-us";

/** A post's calendar date (YYYY-MM-DD) as "January 14, 2025", the same on the server and in every browser. */
export const formatPostDate = (isoDate: string) => formatLongDateUtc(parseIsoDate(isoDate));

export const DEFAULT_POST_IMAGE = "/images/default-flower.webp";

/** Seeded post images are 1200x800; every card keeps that 3:2 box so nothing shifts while images load. */
export const POST_IMAGE_SIZE = { width: 1200, height: 800 } as const;
