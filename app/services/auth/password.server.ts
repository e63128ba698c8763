import crypto from "node:crypto";
import { promisify } from "node:util";
import pLimit from "p-limit";
import { AppError, badRequest } from "../errors";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt reads the whole input; the cap keeps a pasted novel from becoming work. */
export const MAX_PASSWORD_LENGTH = 1024;
export const PASSWORD_TOO_SHORT_MESSAGE = `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Passwords must be at most ${MAX_PASSWORD_LENGTH} characters long.`;

/** N = 2^17, r = 8, p = 1 (OWASP's scrypt floor): 128 MiB of memory per hash. */
export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that, so it is raised with headroom.
const maxmemFor = ({ log2N, r, p }: ScryptParams) => 128 * 2 ** log2N * r * p + 64 * 1024 * 1024;

/**
 * scrypt runs on libuv's four threads, which file reads, compression and DNS share: 90 sign-in posts at once
 * made an image request wait 38.6 s. At most two hashes run at once, so two threads stay free; a few more wait
 * their turn, and past that a check is refused (429) instead of queued behind minutes of others.
 */
export const PASSWORD_HASHES_AT_ONCE = 2;
export const PASSWORD_HASHES_WAITING = 8;
export const PASSWORD_HASHING_BUSY_MESSAGE = "The server is checking other sign-ins. Please try again in a few seconds.";
export const PASSWORD_HASHING_RETRY_AFTER_SECONDS = 5;
const hashing = pLimit(PASSWORD_HASHES_AT_ONCE);

/** What a hash refused because the queue is full throws: a 429 for whoever asked. */
export class HashingBusyError extends AppError {
  constructor() {
    super("too_many_requests", PASSWORD_HASHING_BUSY_MESSAGE);
  }
}

async function derive(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  if (hashing.activeCount >= PASSWORD_HASHES_AT_ONCE && hashing.pendingCount >= PASSWORD_HASHES_WAITING) {
    throw new HashingBusyError();
  }
  return hashing(() =>
    scrypt(password.normalize("NFKC"), salt, keylen, {
      N: 2 ** params.log2N,
      r: params.r,
      p: params.p,
      maxmem: maxmemFor(params),
    }),
  );
}

export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(PASSWORD_TOO_SHORT_MESSAGE, { password: PASSWORD_TOO_SHORT_MESSAGE });
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(PASSWORD_TOO_LONG_MESSAGE, { password: PASSWORD_TOO_LONG_MESSAGE });
}

/**
 * Hashes a password into a self-describing string, `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64),
 * so that stronger parameters can be adopted later without breaking stored hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  checkPasswordStrength(password);
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, SCRYPT_PARAMS);
  const { log2N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", log2N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [log2N, r, p] = parts.slice(1, 4).map((part) => Number.parseInt(part, 10)) as [number, number, number];
  // Bounds keep a corrupted or hostile row from asking for gigabytes of memory.
  if (!(log2N >= 14 && log2N <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 4)) return undefined;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length < 16 || key.length < 32) return undefined;
  return { log2N, r, p, salt, key };
}

/** True when the password matches the stored hash; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed);
  return crypto.timingSafeEqual(key, parsed.key);
}

/**
 * A well-formed hash that no password matches (its key is random bytes). Verifying against it costs
 * the same as a real check, so an unknown email answers as slowly as a wrong password.
 */
export const UNMATCHABLE_HASH = [
  "scrypt",
  SCRYPT_PARAMS.log2N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  crypto.randomBytes(SALT_BYTES).toString("base64"),
  crypto.randomBytes(KEY_BYTES).toString("base64"),
].join("$");

/** A random password for a generated admin account: 144 bits, URL-safe characters. */
export const generatePassword = () => crypto.randomBytes(18).toString("base64url");
