import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { tightenToOwner } from "./owner-only.server";
import { z } from "zod";

/** A switch written `on` or `off` (any case), `on` when unset or empty. */
const onOff = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || "on")
    .pipe(z.enum(["on", "off"], { message: "must be on or off" }));

const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      if (["1", "true", "yes", "on"].includes(value)) return true;
      if (["0", "false", "no", "off"].includes(value)) return false;
      ctx.addIssue({ code: "custom", message: `must be true or false, got "${value}"` });
      return z.NEVER;
    });

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** A Redis connection URL: redis:// (or rediss:// for TLS), a host, an optional port and database number. */
function isRedisUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return /^rediss?:$/.test(url.protocol) && url.hostname !== "" && /^(\/\d{0,2})?$/.test(url.pathname) && !url.search && !url.hash;
}

/** An SMTP connection URL: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS), with a host. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^smtps?:$/.test(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A sender: an address, or a name and an address in angle brackets ("Flower Finder <hello@example.com>"). */
const MAIL_FROM = /^(?:[^<>\r\n]{1,100} )?<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "must be a whole number from 0 to 65535" })
    .int("must be a whole number from 0 to 65535")
    .min(0, "must be a whole number from 0 to 65535")
    .max(65535, "must be a whole number from 0 to 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.string().trim().refine(isRedisUrl, "must be a redis:// or rediss:// URL with a host, such as redis://127.0.0.1:6379/0").optional(),
  ),
  SITE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ message: "must be an absolute http(s) URL such as https://www.example.com" })
      .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
      .transform((value) => value.replace(/\/+$/, ""))
      .default("https://www.wholesaleflowerfinder.com"),
  ),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters long").optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be a valid email address").optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, "must be at least 12 characters long").optional()),
  SEED: booleanFlag(true),
  ALLOW_INDEXING: booleanFlag(true),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  PAGE_CACHE: onOff(),
  SERVICE_WORKER: onOff(),
  KEEP_ALIVE_TIMEOUT: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(600, "must be at most 600")
    .default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  JOB_STEP_PAUSE_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(10_000, "must be at most 10000")
    .default(0),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(isSmtpUrl, "must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.com:587")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(MAIL_FROM, "must be an address, or a name and an address: Flower Finder <hello@example.com>").optional(),
  ),
  MAIL_LEASE_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(2, "must be at least 2")
    .max(3600, "must be at most 3600")
    .default(30),
  // How often each server looks for owners due an "Is your listing still right?" (decision 045).
  OWNER_CHECK_INTERVAL_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(86400, "must be at most 86400")
    .default(3600),
  // The Prometheus metrics' own port (docs/deploy.md): unset, no metrics are kept and no port is opened.
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a whole number from 1 to 65535 (or unset: no metrics)" })
      .int("must be a whole number from 1 to 65535 (or unset: no metrics)")
      .min(1, "must be a whole number from 1 to 65535 (or unset: no metrics)")
      .max(65535, "must be a whole number from 1 to 65535 (or unset: no metrics)")
      .optional(),
  ),
  // A database query that takes longer is logged at warn with its SQL (never its values).
  SLOW_QUERY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a number of milliseconds, 0 or more" })
      .min(0, "must be a number of milliseconds, 0 or more")
      .max(600_000, "must be at most 600000")
      .default(100),
  ),
  UPLOADS_STORAGE: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.enum(["disk", "database"], { message: "must be disk or database" }).default("disk"),
  ),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; DATA_DIR: string };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates the environment; throws an EnvError naming every bad variable and what is wrong. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  // The metrics are for the operators' scraper, never for the public port.
  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT === parsed.PORT)
    throw new EnvError(
      `Invalid environment configuration:\n  METRICS_PORT: must not be PORT (${parsed.PORT}): the metrics have a port of their own`,
    );
  const dataDir = path.resolve(parsed.DATA_DIR);
  ownerOnly(dataDir);
  return { ...parsed, DATA_DIR: dataDir, SESSION_SECRET: parsed.SESSION_SECRET ?? loadOrCreateSecret(dataDir) };
}

/**
 * The data directory holds password hashes, subscribers' addresses and the audit log: it and everything the
 * process creates are its owner's only (0700 and 0600). The mask covers what SQLite and the uploads create
 * later (the database, its -wal and -shm files, photos, backups); a directory made looser before is tightened.
 */
function ownerOnly(dataDir: string) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenToOwner(dataDir, 0o700);
}

/** A secret generated once and kept, owner-readable only, in the data directory. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let current: Env | undefined;

/** The validated environment of this process. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/** Installs the environment the process entry already validated, so it is parsed once. */
export function setEnv(env: Env) {
  current = env;
}
