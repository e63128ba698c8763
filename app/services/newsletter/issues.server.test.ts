import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { toDbBool, type Database } from "~/db/schema";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import type { Actor } from "../admin/list";
import type { MailContext } from "../mail/messages.server";
import {
  createIssue,
  deleteIssue,
  EXAMPLE_UNSUBSCRIBE_TOKEN,
  getSentIssue,
  ISSUE_ALREADY_SENT,
  issueProgress,
  listIssuesForAdmin,
  listSentIssues,
  NO_POSTAL_ADDRESS_MESSAGE,
  SEND_PAGE_SIZE,
  sendIssue,
  sendIssueTest,
  updateIssue,
} from "./issues.server";

const CONTEXT: MailContext = {
  siteName: "Wholesale Flower Finder",
  siteUrl: "https://flowers.example",
  contactEmail: "hello@flowers.example",
  postalAddress: "1 Market St, Los Angeles, CA 90014",
};

const STAMP = "2026-04-01T00:00:00.000Z";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`newsletter issues on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    const ids = { published: 0, draftPost: 0, festival: 0, listing: 0 };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "newsletter-issues");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values({ id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: STAMP, updated_at: STAMP })
        .execute();
      const post = (title: string, status: string) => ({
        title,
        excerpt: `${title}: how to make flowers last a week longer.`,
        content: "Body",
        category: "Tips",
        date: "2026-03-01",
        image: null,
        status,
        created_at: STAMP,
        updated_at: STAMP,
      });
      ids.published = (
        await db.insertInto("blog_posts").values(post("Stem care", "published")).returning("id").executeTakeFirstOrThrow()
      ).id;
      ids.draftPost = (await db.insertInto("blog_posts").values(post("Unfinished", "draft")).returning("id").executeTakeFirstOrThrow()).id;
      ids.festival = (
        await db
          .insertInto("festivals")
          .values({
            name: "Tulip Fest",
            description: "Fields of tulips.",
            start_date: "2026-04-10",
            end_date: "2026-04-12",
            location: "Farm",
            city: "Woodburn",
            state: "Oregon",
            featured: toDbBool(false),
            created_at: STAMP,
            updated_at: STAMP,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      ids.listing = (
        await db
          .insertInto("wholesalers")
          .values({
            name: "Portland Flower Market",
            address: "1 Main St",
            city: "Portland",
            state_id: "oregon",
            zipcode: "97201",
            type: "Wholesale",
            hours: "",
            description: "Growers' market.",
            featured: toDbBool(false),
            latitude: 45.5,
            longitude: -122.6,
            created_at: STAMP,
            updated_at: STAMP,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("mail_undeliverable").execute();
      await db.deleteFrom("newsletter_subscribers").execute();
      await db.deleteFrom("newsletter_issues").execute();
      await db.deleteFrom("audit_log").execute();
    });

    const draft = (values: Record<string, unknown> = {}) =>
      createIssue(db, { title: "Spring issue", body: "## Tulips\n\nThe **tulips** are in.", ...values }, actor);
    const issueRow = (id: number) => db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const audit = () => db.selectFrom("audit_log").select(["action", "entity_id", "details", "actor"]).orderBy("id").execute();

    let tokenCount = 0;
    async function addSubscriber(email: string, status: string) {
      tokenCount += 1;
      const token = `token-${status}-${String(tokenCount).padStart(6, "0")}-${"x".repeat(10)}`;
      await db
        .insertInto("newsletter_subscribers")
        .values({
          email,
          email_normalized: email.toLowerCase(),
          unsubscribe_token: token,
          status,
          created_at: STAMP,
          unsubscribed_at: status === "unsubscribed" ? STAMP : null,
          confirm_token: null,
          confirm_sent_at: null,
          confirmed_at: status === "confirmed" ? STAMP : null,
        })
        .execute();
      return token;
    }

    describe("drafts", () => {
      it("creates, edits and deletes a draft, each with its audit row", async () => {
        const id = await draft({ articles: [String(ids.published)], festivals: String(ids.festival), listings: [String(ids.listing)] });
        const created = await issueRow(id);
        expect(created).toMatchObject({ title: "Spring issue", status: "draft", recipients: 0, created_by: actor.email, sent_at: null });
        expect(JSON.parse(created.featured)).toEqual({ articles: [ids.published], festivals: [ids.festival], listings: [ids.listing] });

        await updateIssue(db, id, created.updated_at, { title: "Spring, edited", body: "New body", articles: [] }, actor);
        const edited = await issueRow(id);
        expect(edited).toMatchObject({ title: "Spring, edited", body: "New body" });
        expect(JSON.parse(edited.featured)).toEqual({ articles: [], festivals: [], listings: [] });
        expect(edited.updated_at).not.toBe(created.updated_at);

        await deleteIssue(db, id, edited.updated_at, actor);
        expect(await db.selectFrom("newsletter_issues").select("id").execute()).toEqual([]);
        expect((await audit()).map((row) => [row.action, row.entity_id, JSON.parse(row.details!).label])).toEqual([
          ["newsletter_issue.create", String(id), "Spring issue"],
          ["newsletter_issue.update", String(id), "Spring, edited"],
          ["newsletter_issue.delete", String(id), "Spring, edited"],
        ]);
      });

      it("refuses a bad title, an empty or too long body, and featured items a reader cannot see", async () => {
        const fields = async (values: Record<string, unknown>) => (await rejection(draft(values))).fieldErrors;
        expect(await fields({ title: "Hi" })).toEqual({ title: "Enter a title (at least 3 characters)." });
        expect(await fields({ title: "x".repeat(151) })).toEqual({ title: "The title is at most 150 characters." });
        expect(await fields({ body: "   " })).toEqual({ body: "Write the issue." });
        expect(await fields({ body: "x".repeat(50_001) })).toEqual({ body: "The issue is at most 50,000 characters." });
        expect(await fields({ articles: [String(ids.draftPost)] })).toEqual({
          articles: "An article you picked is no longer published. Pick the articles again.",
        });
        expect(await fields({ festivals: ["999999"], listings: [String(ids.listing), "999999"] })).toEqual({
          festivals: "A festival you picked no longer exists. Pick the festivals again.",
          listings: "A listing you picked no longer exists. Pick the listings again.",
        });
        expect(await fields({ listings: ["abc"] })).toEqual({
          listings: "A listing you picked no longer exists. Pick the listings again.",
        });
        expect(await fields({ listings: Array.from({ length: 13 }, (_, i) => String(i + 1)) })).toEqual({ listings: "Pick at most 12." });
        const error = await rejection(draft({ title: "" }));
        expect(error.code).toBe("bad_request");
        expect(await db.selectFrom("newsletter_issues").select("id").execute()).toEqual([]);
      });

      it("refuses an edit or a delete from a stale version, and two saves from one version save once", async () => {
        const id = await draft();
        const { updated_at: version } = await issueRow(id);
        await updateIssue(db, id, version, { title: "First save", body: "One" }, actor);
        const stale = await rejection(updateIssue(db, id, version, { title: "Second save", body: "Two" }, actor));
        expect(stale.code).toBe("conflict");
        expect(stale.message).toMatch(/changed by someone else/);
        expect((await rejection(deleteIssue(db, id, version, actor))).code).toBe("conflict");

        const { updated_at: current } = await issueRow(id);
        const results = await Promise.allSettled([
          updateIssue(db, id, current, { title: "Racer A", body: "A" }, actor),
          updateIssue(db, id, current, { title: "Racer B", body: "B" }, actor),
        ]);
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
        expect((await issueRow(id)).title).toMatch(/^Racer [AB]$/);
      });

      it("keeps a sent issue as it was: no edit, no delete, no second send", async () => {
        const id = await draft();
        await sendIssue(db, id, CONTEXT, actor);
        const { updated_at: version } = await issueRow(id);
        expect((await rejection(updateIssue(db, id, version, { title: "Changed", body: "x" }, actor))).message).toBe(ISSUE_ALREADY_SENT);
        expect((await rejection(deleteIssue(db, id, version, actor))).message).toBe(ISSUE_ALREADY_SENT);
        expect((await rejection(sendIssue(db, id, CONTEXT, actor))).message).toBe(ISSUE_ALREADY_SENT);
      });
    });

    describe("sendIssue", () => {
      it("queues one message per confirmed subscriber, none to the others, each with its own unsubscribe link and headers", async () => {
        const confirmed = [
          ["ann@example.com", await addSubscriber("ann@example.com", "confirmed")],
          ["bo@example.com", await addSubscriber("bo@example.com", "confirmed")],
          ["cy@example.com", await addSubscriber("cy@example.com", "confirmed")],
        ] as const;
        const others = [
          await addSubscriber("pending@example.com", "pending"),
          await addSubscriber("gone@example.com", "unsubscribed"),
          await addSubscriber("bounced@example.com", "undeliverable"),
        ];
        const id = await draft({
          title: "Tulip time",
          body: "Hello **readers**.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) and [good](https://flowers.example/blog)",
          articles: [String(ids.published)],
          festivals: [String(ids.festival)],
          listings: [String(ids.listing)],
        });

        expect(await sendIssue(db, id, CONTEXT, actor)).toEqual({ recipients: 3 });

        const rows = await db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
        expect(rows.map((row) => row.recipient).sort()).toEqual(confirmed.map(([email]) => email).sort());
        for (const row of rows) {
          const [, token] = confirmed.find(([email]) => email === row.recipient)!;
          const link = `https://flowers.example/newsletter/unsubscribe?token=${token}`;
          expect(row).toMatchObject({ kind: "newsletter", subject: "Tulip time", issue_id: id, status: "queued" });
          expect(JSON.parse(row.headers)).toEqual({
            "List-Unsubscribe": `<${link}>, <mailto:hello@flowers.example?subject=unsubscribe>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          });
          expect(row.html).toContain(`href="${link}"`);
          expect(row.text).toContain(link);
          // The placeholder is gone everywhere, and no other subscriber's link is in this message.
          expect(row.html + row.text).not.toMatch(/unsubscribe[0-9a-f]{32}/);
          for (const other of [...confirmed.map(([, t]) => t), ...others].filter((t) => t !== token)) {
            expect(row.html + row.text + row.headers).not.toContain(other);
          }
          // The body through the site's sanitizer, the featured items, the web page and the postal line.
          expect(row.html).toContain("<strong");
          expect(row.html).not.toMatch(/<script|javascript:/i);
          expect(row.html).toContain('href="https://flowers.example/blog"');
          expect(row.html).toContain(`href="https://flowers.example/blog/${ids.published}"`);
          expect(row.html).toContain(`href="https://flowers.example/festivals/${ids.festival}"`);
          expect(row.html).toContain(`href="https://flowers.example/wholesalers/${ids.listing}/portland-flower-market"`);
          expect(row.html).toContain(`href="https://flowers.example/newsletter/${id}"`);
          expect(row.text).toContain("Read this issue on the web");
          expect(row.text).toContain("Stem care");
          expect(row.html).toContain("1 Market St, Los Angeles, CA 90014");
        }

        expect(await issueRow(id)).toMatchObject({ status: "sending", recipients: 3 });
        expect((await issueRow(id)).sent_at).not.toBeNull();
        const [entry] = (await audit()).filter((row) => row.action === "newsletter_issue.send");
        expect(entry).toMatchObject({ entity_id: String(id), actor: actor.email });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "Tulip time", recipients: 3 });
      });

      it("reads the subscribers in pages, and sends to each once", async () => {
        const count = SEND_PAGE_SIZE + 5;
        const stamp = STAMP;
        for (let i = 0; i < count; i += 200) {
          await db
            .insertInto("newsletter_subscribers")
            .values(
              Array.from({ length: Math.min(200, count - i) }, (_, j) => {
                const n = String(i + j).padStart(5, "0");
                return {
                  email: `reader${n}@example.com`,
                  email_normalized: `reader${n}@example.com`,
                  unsubscribe_token: `token-reader-${n}-abcdefghij`,
                  status: "confirmed",
                  created_at: stamp,
                  unsubscribed_at: null,
                  confirm_token: null,
                  confirm_sent_at: null,
                  confirmed_at: stamp,
                };
              }),
            )
            .execute();
        }
        const id = await draft();
        expect(await sendIssue(db, id, CONTEXT, actor)).toEqual({ recipients: count });
        const rows = await db.selectFrom("mail_outbox").select(["recipient", "html"]).execute();
        expect(new Set(rows.map((row) => row.recipient)).size).toBe(count);
        expect(rows).toHaveLength(count);
        const last = rows.find((row) => row.recipient === `reader${String(count - 1).padStart(5, "0")}@example.com`)!;
        expect(last.html).toContain(`token=token-reader-${String(count - 1).padStart(5, "0")}-abcdefghij`);
      }, 60_000);

      it("sends once when two sends of the same draft start at once", async () => {
        await addSubscriber("ann@example.com", "confirmed");
        await addSubscriber("bo@example.com", "confirmed");
        const id = await draft();
        const results = await Promise.allSettled([sendIssue(db, id, CONTEXT, actor), sendIssue(db, id, CONTEXT, actor)]);
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
        const refused = results.find((result) => result.status === "rejected");
        expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
        expect(await db.selectFrom("mail_outbox").select("recipient").execute()).toHaveLength(2);
        expect((await audit()).filter((row) => row.action === "newsletter_issue.send")).toHaveLength(1);
      });

      it("refuses to send without a postal address (CAN-SPAM), and changes nothing", async () => {
        await addSubscriber("ann@example.com", "confirmed");
        const id = await draft();
        const error = await rejection(sendIssue(db, id, { ...CONTEXT, postalAddress: "  " }, actor));
        expect(error.code).toBe("bad_request");
        expect(error.message).toBe(NO_POSTAL_ADDRESS_MESSAGE);
        expect(await issueRow(id)).toMatchObject({ status: "draft", sent_at: null });
        expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
      });

      it("sends a test to the admin only, marked [Test], outside the issue's figures", async () => {
        await addSubscriber("ann@example.com", "confirmed");
        const id = await draft();
        await sendIssueTest(db, id, CONTEXT, actor);
        const rows = await db.selectFrom("mail_outbox").selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ recipient: actor.email, subject: "[Test] Spring issue", kind: "newsletter", issue_id: null });
        expect(rows[0]!.html).toContain(`token=${EXAMPLE_UNSUBSCRIBE_TOKEN}`);
        expect(await issueRow(id)).toMatchObject({ status: "draft" });
        expect((await audit()).map((row) => row.action)).toContain("newsletter_issue.test");
      });
    });

    describe("figures and the public archive", () => {
      it("counts delivered, failed and left, turns sent once nothing is queued, and counts unsubscribes since", async () => {
        for (const name of ["a", "b", "c", "d"]) await addSubscriber(`${name}@example.com`, "confirmed");
        const keep = await draft({ title: "Still a draft" });
        const id = await draft();
        await sendIssue(db, id, CONTEXT, actor);
        const outbox = await db.selectFrom("mail_outbox").select(["id", "recipient"]).orderBy("recipient").execute();
        const set = (recipient: string, status: string) =>
          db
            .updateTable("mail_outbox")
            .set({ status })
            .where("id", "=", outbox.find((row) => row.recipient === recipient)!.id)
            .execute();
        await set("a@example.com", "sent");
        await set("b@example.com", "failed");
        await set("c@example.com", "kept");

        expect(await issueProgress(db, id)).toEqual({
          id,
          status: "sending",
          recipients: 4,
          delivered: 1,
          failed: 1,
          pending: 1,
          kept: 1,
          left: 2,
          unsubscribesSince: 0,
        });
        await set("d@example.com", "sent");
        await db
          .updateTable("newsletter_subscribers")
          .set({ status: "unsubscribed", unsubscribed_at: new Date(Date.now() + 1000).toISOString() })
          .where("email_normalized", "=", "a@example.com")
          .execute();

        const page = await listIssuesForAdmin(db, { page: 1 });
        expect(page.rows.map((row) => [row.id, row.status])).toEqual([
          [id, "sent"],
          [keep, "draft"],
        ]);
        expect(page.rows[0]!.figures).toEqual({
          recipients: 4,
          delivered: 2,
          failed: 1,
          pending: 0,
          kept: 1,
          left: 1,
          unsubscribesSince: 1,
        });
        expect((await issueRow(id)).status).toBe("sent");

        expect((await listSentIssues(db)).map((issue) => issue.id)).toEqual([id]);
        expect(await getSentIssue(db, keep)).toBeUndefined();
        expect(await getSentIssue(db, 999_999)).toBeUndefined();
      });

      it("shows a sent issue with its body rendered safely and its featured items, newest first in the archive", async () => {
        const first = await draft({ title: "March", articles: [String(ids.published)], listings: [String(ids.listing)] });
        await sendIssue(db, first, CONTEXT, actor, new Date("2026-03-02T18:00:00.000Z"));
        const second = await draft({ title: "April", body: "Hi <img src=x onerror=alert(1)>" });
        await sendIssue(db, second, CONTEXT, actor, new Date("2026-04-02T18:00:00.000Z"));

        expect(await listSentIssues(db)).toEqual([
          { id: second, title: "April", sentAt: "2026-04-02T18:00:00.000Z", sentOn: "2026-04-02" },
          { id: first, title: "March", sentAt: "2026-03-02T18:00:00.000Z", sentOn: "2026-03-02" },
        ]);
        const april = await getSentIssue(db, second);
        expect(april?.html).not.toMatch(/<img|onerror/);
        const march = await getSentIssue(db, first);
        expect(march).toMatchObject({ title: "March", sentOn: "2026-03-02" });
        expect(march?.html).toContain("<h2>Tulips</h2>");
        expect(march?.featured).toEqual({
          articles: [
            {
              id: ids.published,
              title: "Stem care",
              path: `/blog/${ids.published}`,
              description: "Stem care: how to make flowers last a week longer.",
            },
          ],
          festivals: [],
          listings: [
            {
              id: ids.listing,
              title: "Portland Flower Market",
              path: `/wholesalers/${ids.listing}/portland-flower-market`,
              description: "Wholesale in Portland, Oregon. Growers' market.",
            },
          ],
        });
      });
    });
  });
}
