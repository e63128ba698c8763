import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { getAdminNavCounts, getDashboardCounts } from "./dashboard.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-dashboard-"));
const handle = openDatabase({ DATA_DIR: dataDir });
const db = handle.db;
const now = "2026-04-01T00:00:00.000Z";

beforeAll(async () => {
  await migrateToLatest(db);
  const state = (id: string, code: string) => ({ id, name: id, code, region: "West", created_at: now, updated_at: now });
  await db
    .insertInto("states")
    .values([state("oregon", "OR"), state("nevada", "NV"), state("utah", "UT")])
    .execute();
  const wholesaler = (name: string, stateId: string, verifiedAt: string | null = null) => ({
    name,
    verified_at: verifiedAt,
    address: `${name} Street`,
    city: "Town",
    state_id: stateId,
    zipcode: "97201",
    type: "Wholesale",
    hours: "",
    description: "",
    featured: 0,
    latitude: 45.5,
    longitude: -122.6,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("wholesalers")
    .values([wholesaler("A", "oregon", "2025-04-01"), wholesaler("B", "oregon", "2025-03-31"), wholesaler("C", "nevada")])
    .execute();
  const festival = (name: string, start: string, end: string) => ({
    name,
    description: "",
    start_date: start,
    end_date: end,
    location: "Park",
    city: "Town",
    state: "Oregon",
    featured: 0,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("festivals")
    .values([
      festival("ended", "2026-03-01", "2026-03-30"),
      festival("running", "2026-03-30", "2026-04-01"),
      festival("next", "2026-05-01", "2026-05-02"),
      // A yearly festival whose stored dates are over is upcoming again, on its next occurrence.
      { ...festival("yearly", "2025-05-01", "2025-05-01"), recurrence: "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1" },
    ])
    .execute();
  const post = (title: string, status: string) => ({
    title,
    excerpt: "",
    content: "",
    category: "Tips",
    date: "2026-03-01",
    status,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("blog_posts")
    .values([post("live", "published"), post("live too", "published"), post("draft", "draft")])
    .execute();
  const subscriber = (email: string, status: string) => ({
    email,
    email_normalized: email,
    unsubscribe_token: `token-${email}`,
    created_at: now,
    status,
    unsubscribed_at: status === "unsubscribed" ? now : null,
  });
  await db
    .insertInto("newsletter_subscribers")
    .values([
      subscriber("a@x.com", "confirmed"),
      subscriber("b@x.com", "unsubscribed"),
      subscriber("c@x.com", "pending"),
      subscriber("d@x.com", "undeliverable"),
    ])
    .execute();
  const suggestion = (name: string, status: string) => ({ business_name: name, business_address: "1 Road", status, created_at: now });
  await db
    .insertInto("location_suggestions")
    .values([suggestion("p1", "pending"), suggestion("p2", "pending"), suggestion("r", "rejected")])
    .execute();
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("getDashboardCounts", () => {
  it("counts listings, covered states, listings verified in the last 12 months, festivals not yet ended, published posts, confirmed subscribers and pending suggestions", async () => {
    expect(await getDashboardCounts(db, "2026-04-01")).toEqual({
      wholesalers: 3,
      statesCovered: 2,
      // Verified on 2025-04-01 counts on 2026-04-01; a day earlier, or never, does not.
      verifiedLastYear: 1,
      upcomingFestivals: 3,
      publishedPosts: 2,
      activeSubscribers: 1,
      pendingSuggestions: 2,
    });
  });
});

describe("getAdminNavCounts", () => {
  it("counts pending suggestions, pending business listings and open reports for the navigation", async () => {
    const now = new Date().toISOString();
    const { id } = await db.selectFrom("wholesalers").select("id").where("name", "=", "A").executeTakeFirstOrThrow();
    await db
      .insertInto("listing_reports")
      .values([
        { wholesaler_id: id, kind: "closed", details: "", status: "open", created_at: now },
        { wholesaler_id: id, kind: "other", details: "", status: "resolved", created_at: now },
      ])
      .execute();
    const submission = (name: string, status: string) => ({
      name,
      address: "1 Road",
      city: "Town",
      state_id: "oregon",
      zipcode: "97201",
      type: "Wholesale",
      submitter_name: "Sam",
      submitter_email: "sam@example.com",
      submitter_role: "owner",
      hours: "",
      description: "",
      status,
      created_at: now,
    });
    await db
      .insertInto("business_submissions")
      .values([submission("s1", "pending"), submission("s2", "pending"), submission("s3", "rejected")])
      .execute();
    expect(await getAdminNavCounts(db)).toEqual({ pendingSuggestions: 2, pendingSubmissions: 2, openReports: 1, ownerQueue: 0 });
  });
});
