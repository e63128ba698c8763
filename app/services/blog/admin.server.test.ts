import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { nextVersion } from "../admin/list";
import { createBlogPost, deleteBlogPost, listBlogCategories, listBlogPostsForAdmin, updateBlogPost } from "./admin.server";
import { getPublishedPost, listPublishedPosts } from "./blog.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const CONFLICT =
  "This blog post was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.";
const now = "2026-04-01T00:00:00.000Z";

const valid = {
  title: "  Peonies for a June Wedding  ",
  excerpt: "How to buy, open and arrange peonies on a budget.",
  content: "## Buying\n\nBuy them **closed** and let them open.",
  category: "Wedding",
  date: "2026-04-20",
  image: "/images/blog/peonies.webp",
  status: "draft",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`blog admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "blog-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "writer@example.com", name: null, ip: "198.51.100.4" });
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("blog_posts").execute();
    });

    afterAll(() => cleanup());

    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const postRow = (id: number) => db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("creates a draft that the public blog does not show, and logs it with the title", async () => {
      const id = await createBlogPost(db, valid, actor);
      expect(await postRow(id)).toMatchObject({
        title: "Peonies for a June Wedding",
        excerpt: valid.excerpt,
        content: valid.content,
        category: "Wedding",
        date: "2026-04-20",
        image: "/images/blog/peonies.webp",
        status: "draft",
      });
      expect(await listPublishedPosts(db)).toEqual([]);
      expect((await rejection(getPublishedPost(db, id))).code).toBe("not_found");

      const [entry] = await auditRows();
      expect(entry).toMatchObject({
        action: "blog_post.create",
        admin_id: actor.adminId,
        actor: actor.email,
        entity_type: "blog_post",
        entity_id: String(id),
        ip: actor.ip,
      });
      expect(JSON.parse(entry!.details!)).toEqual({ label: "Peonies for a June Wedding" });
    });

    it("publishes an edit at once and unpublishes it again", async () => {
      const id = await createBlogPost(db, { ...valid, image: "" }, actor);
      const draft = await postRow(id);
      expect(draft.image).toBeNull();
      await updateBlogPost(db, id, draft.updated_at, { ...valid, status: "published" }, actor);
      expect((await listPublishedPosts(db)).map((p) => p.title)).toEqual(["Peonies for a June Wedding"]);
      const published = await postRow(id);
      await updateBlogPost(db, id, published.updated_at, { ...valid, status: "draft" }, actor);
      expect(await listPublishedPosts(db)).toEqual([]);
      expect((await auditRows()).map((e) => e.action)).toEqual(["blog_post.create", "blog_post.update", "blog_post.update"]);
    });

    it("explains every invalid field next to it and stores nothing", async () => {
      const error = await rejection(
        createBlogPost(
          db,
          {
            title: "",
            excerpt: "x".repeat(301),
            content: "Too short",
            category: "",
            date: "20-04-2026",
            image: "http://x.example/a.png",
            status: "live",
          },
          actor,
        ),
      );
      expect(error.code).toBe("bad_request");
      expect(error.fieldErrors).toEqual({
        title: "Enter a title (at least 3 characters).",
        excerpt: "The excerpt is at most 300 characters.",
        content: "Write the article (at least 20 characters).",
        category: "Choose a category.",
        date: "Enter the publication date.",
        image: "Enter a path on this site starting with /images/ or /uploads/, or leave it empty.",
        status: "Choose Draft or Published.",
      });
      expect(await db.selectFrom("blog_posts").selectAll().execute()).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it("limits the article to 50,000 characters and the excerpt to 10 or more", async () => {
      const error = await rejection(createBlogPost(db, { ...valid, excerpt: "Short", content: "x".repeat(50_001) }, actor));
      expect(error.fieldErrors).toEqual({
        excerpt: "Write a short excerpt (at least 10 characters).",
        content: "The article is at most 50,000 characters.",
      });
    });

    it("offers the default categories first, then others posts use, and refuses any other", async () => {
      expect(await listBlogCategories(db)).toEqual(["DIY", "Seasonal", "Wedding", "Tips", "Guides"]);
      await db
        .insertInto("blog_posts")
        .values(["Care", "Budget", "Tips"].map((category) => ({ ...valid, category, created_at: now, updated_at: now })))
        .execute();
      expect(await listBlogCategories(db)).toEqual(["DIY", "Seasonal", "Wedding", "Tips", "Guides", "Budget", "Care"]);
      expect(await createBlogPost(db, { ...valid, category: "Budget" }, actor)).toBeGreaterThan(0);
      const error = await rejection(createBlogPost(db, { ...valid, category: "Gossip" }, actor));
      expect(error.fieldErrors).toEqual({ category: "Choose a category from the list." });
    });

    it("refuses to save over a change someone else made since the editor opened it", async () => {
      const id = await createBlogPost(db, valid, actor);
      const loaded = await postRow(id);
      await updateBlogPost(db, id, loaded.updated_at, { ...valid, excerpt: "A newer excerpt from someone else." }, actor);
      const error = await rejection(updateBlogPost(db, id, loaded.updated_at, { ...valid, title: "Stale title" }, actor));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(CONFLICT);
      expect(await postRow(id)).toMatchObject({ title: "Peonies for a June Wedding", excerpt: "A newer excerpt from someone else." });
      expect((await auditRows()).map((e) => e.action)).toEqual(["blog_post.create", "blog_post.update"]);
    });

    it("deletes from the version shown, refuses a stale delete, and logs the title", async () => {
      const id = await createBlogPost(db, valid, actor);
      const loaded = await postRow(id);
      expect((await rejection(deleteBlogPost(db, id, "2000-01-01T00:00:00.000Z", actor))).message).toBe(CONFLICT);
      await deleteBlogPost(db, id, loaded.updated_at, actor);
      expect(await db.selectFrom("blog_posts").selectAll().execute()).toEqual([]);
      const entries = await auditRows();
      expect(entries.map((e) => e.action)).toEqual(["blog_post.create", "blog_post.delete"]);
      expect(JSON.parse(entries[1]!.details!)).toEqual({ label: "Peonies for a June Wedding" });
    });

    describe("the list", () => {
      const insert = (rows: { title: string; excerpt?: string; content?: string; category?: string; status?: string; date?: string }[]) =>
        db
          .insertInto("blog_posts")
          .values(
            rows.map((r) => ({
              title: r.title,
              excerpt: r.excerpt ?? "An excerpt.",
              content: r.content ?? "Body text.",
              category: r.category ?? "Tips",
              date: r.date ?? "2026-01-01",
              image: null,
              status: r.status ?? "published",
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();

      it("lists drafts too, newest first, and searches title, excerpt and content case-insensitively", async () => {
        await insert([
          { title: "Ranunculus care", date: "2026-03-01" },
          { title: "Winter greens", excerpt: "Cedar and RANUNCULUS together", status: "draft", date: "2026-03-05" },
          { title: "Vase life", content: "Recut ranunculus stems daily.", date: "2026-02-01" },
          { title: "Unrelated", date: "2026-04-01" },
        ]);
        const titles = async (q?: string) => (await listBlogPostsForAdmin(db, { q, page: 1 })).rows.map((p) => p.title);
        expect(await titles()).toEqual(["Unrelated", "Winter greens", "Ranunculus care", "Vase life"]);
        expect(await titles("ranunculus")).toEqual(["Winter greens", "Ranunculus care", "Vase life"]);
        expect(await titles("50%")).toEqual([]);
      });

      it("filters by category and status; an unknown status filters nothing", async () => {
        await insert([
          { title: "A", category: "DIY" },
          { title: "B", category: "DIY", status: "draft" },
          { title: "C", category: "Seasonal" },
        ]);
        const titles = async (query: { category?: string; status?: string }) =>
          (await listBlogPostsForAdmin(db, { ...query, page: 1 })).rows.map((p) => p.title).sort();
        expect(await titles({ category: "DIY" })).toEqual(["A", "B"]);
        expect(await titles({ status: "draft" })).toEqual(["B"]);
        expect(await titles({ category: "DIY", status: "published" })).toEqual(["A"]);
        expect(await titles({ status: "archived" })).toEqual(["A", "B", "C"]);
      });

      it("pages by 10 with the page count from the filtered results", async () => {
        await insert(Array.from({ length: 25 }, (_, i) => ({ title: `Post ${i}`, status: i < 11 ? "draft" : "published" })));
        expect(await listBlogPostsForAdmin(db, { page: 1 })).toMatchObject({ total: 25, pageCount: 3 });
        const drafts = await listBlogPostsForAdmin(db, { status: "draft", page: 2 });
        expect(drafts).toMatchObject({ total: 11, page: 2, pageCount: 2 });
        expect(drafts.rows).toHaveLength(1);
      });
    });
  });
}

describe("nextVersion", () => {
  it("moves the version forward even within the same millisecond or after the clock stepped back", () => {
    const at = new Date("2026-04-01T10:00:00.000Z");
    expect(nextVersion("2026-04-01T09:00:00.000Z", at)).toBe("2026-04-01T10:00:00.000Z");
    expect(nextVersion("2026-04-01T10:00:00.000Z", at)).toBe("2026-04-01T10:00:00.001Z");
    expect(nextVersion("2026-04-01T11:00:00.000Z", at)).toBe("2026-04-01T11:00:00.001Z");
    expect(nextVersion("garbage", at)).toBe("2026-04-01T10:00:00.000Z");
  });
});
