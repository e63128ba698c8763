import { badRequest } from "./errors";

const MAX_ID = 2_147_483_647;

/** A record id from a URL: a positive 32-bit integer written in digits only; anything else is undefined. */
export function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** Like parseId, but a malformed id is a bad request with the given message. */
export function requireId(raw: string | undefined, message: string): number {
  const id = parseId(raw);
  if (id === undefined) throw badRequest(message);
  return id;
}
