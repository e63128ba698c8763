import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, type RunningServer } from "../support/server";

const subscribe = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/newsletter/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });

const subscribersCsv = async (server: RunningServer, cookie: string) => (await fetch(`${server.url}/admin/subscribers.csv?status=all`, { headers: { cookie } })).text();

describe("a backup from Quick Tools restores the site", () => {
  const started: RunningServer[] = [];
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-restored-"));

  afterAll(async () => {
    for (const server of started) await server.stop();
    fs.rmSync(restoredDir, { recursive: true, force: true });
  });

  it("downloads a snapshot that a new server starts from, with the data as it was when it was taken", async () => {
    const original = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    started.push(original);
    const cookie = await signIn(original);
    expect((await subscribe(original, "before-backup@example.com")).status).toBe(201);
    const california = await (await fetch(`${original.url}/api/wholesalers/state/california`)).json();

    const response = await fetch(`${original.url}/admin/tools/backup`, { method: "POST", headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="wholesale-flower-finder-\d{4}-\d{2}-\d{2}\.db"$/);
    const snapshot = Buffer.from(await response.arrayBuffer());
    // A change after the snapshot is not in it.
    expect((await subscribe(original, "after-backup@example.com")).status).toBe(201);

    // Restoring, as the tool's card says: the file goes into an empty data folder under the database's name.
    fs.writeFileSync(path.join(restoredDir, "wholesale-flower-finder.db"), snapshot);
    const restored = await startServer({ DATA_DIR: restoredDir, SEED: "false" });
    started.push(restored);

    expect(await (await fetch(`${restored.url}/api/states`)).json()).toHaveLength(50);
    expect(await (await fetch(`${restored.url}/api/wholesalers/state/california`)).json()).toEqual(california);
    // The admin accounts come back too: the same password signs in, and no new first admin is made.
    const restoredCookie = await signIn(restored);
    expect(restored.logs.some((entry) => String(entry.msg).startsWith("No admin existed"))).toBe(false);
    expect(fs.existsSync(path.join(restoredDir, "initial-admin-password"))).toBe(false);
    const csv = await subscribersCsv(restored, restoredCookie);
    expect(csv).toContain("before-backup@example.com");
    expect(csv).not.toContain("after-backup@example.com");
    expect(await subscribersCsv(original, cookie)).toContain("after-backup@example.com");
  }, 120_000);
});
