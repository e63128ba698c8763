import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { recordAudit } from "../audit/audit.server";
import {
  isLoginThrottled,
  LOGIN_FAILURE_ACTION,
  LOGIN_SUCCESS_ACTION,
  LOGIN_THROTTLE_WINDOW_MS,
  LOGIN_THROTTLED_ACTION,
} from "./throttle.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-throttle-"));
const handle = openDatabase({ DATA_DIR: dataDir });
const db = handle.db;

beforeAll(() => migrateToLatest(db));
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const now = new Date("2026-05-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

async function attempts(action: string, count: number, actor: string, ip: string, when = ago(60_000)) {
  for (let i = 0; i < count; i++) await recordAudit(db, { action, actor, ip }, when);
}

describe("sign-in throttling", () => {
  it("blocks an account after 5 failures within 15 minutes, from any address, whatever the case of the email", async () => {
    await attempts(LOGIN_FAILURE_ACTION, 4, "Target@Example.com", "198.51.100.1");
    expect(await isLoginThrottled(db, { email: "target@example.com", ip: "198.51.100.2" }, now)).toBe(false);
    await attempts(LOGIN_FAILURE_ACTION, 1, "target@example.com", "198.51.100.3");
    expect(await isLoginThrottled(db, { email: " TARGET@example.com ", ip: "198.51.100.4" }, now)).toBe(true);
    expect(await isLoginThrottled(db, { email: "someone-else@example.com", ip: "198.51.100.4" }, now)).toBe(false);
  });

  it("blocks an address after 5 failures within 15 minutes, whichever accounts they tried", async () => {
    for (let i = 0; i < 5; i++) await attempts(LOGIN_FAILURE_ACTION, 1, `guess${i}@example.com`, "192.0.2.50");
    expect(await isLoginThrottled(db, { email: "fresh@example.com", ip: "192.0.2.50" }, now)).toBe(true);
    expect(await isLoginThrottled(db, { email: "fresh@example.com", ip: "192.0.2.51" }, now)).toBe(false);
  });

  it("never counts successful sign-ins, so admins sharing an address do not lock it", async () => {
    await attempts(LOGIN_SUCCESS_ACTION, 20, "busy@example.com", "192.0.2.60");
    expect(await isLoginThrottled(db, { email: "busy@example.com", ip: "192.0.2.60" }, now)).toBe(false);
  });

  it("does not let refused attempts extend the block", async () => {
    await attempts(LOGIN_THROTTLED_ACTION, 50, "patient@example.com", "192.0.2.70");
    expect(await isLoginThrottled(db, { email: "patient@example.com", ip: "192.0.2.70" }, now)).toBe(false);
  });

  it("lifts the block once the failures are older than 15 minutes", async () => {
    await attempts(LOGIN_FAILURE_ACTION, 5, "waited@example.com", "192.0.2.80", ago(LOGIN_THROTTLE_WINDOW_MS + 1000));
    expect(await isLoginThrottled(db, { email: "waited@example.com", ip: "192.0.2.80" }, now)).toBe(false);
    await attempts(LOGIN_FAILURE_ACTION, 5, "recent@example.com", "192.0.2.81", ago(LOGIN_THROTTLE_WINDOW_MS - 1000));
    expect(await isLoginThrottled(db, { email: "recent@example.com", ip: "192.0.2.81" }, now)).toBe(true);
  });
});
