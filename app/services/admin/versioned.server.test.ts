import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import type { Actor } from "./list";
import { conflictMessage } from "./list";
import { createVersioned, deleteVersioned, updateVersioned, type VersionedRecord } from "./versioned.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";
const STALE = "2025-12-31T23:59:59.000Z";

const POSTS: VersionedRecord<"blog_posts"> = { table: "blog_posts", entity: "blog post", auditEntity: "blog_post", labelColumn: "title" };
const STATES: VersionedRecord<"states"> = { table: "states", entity: "state", auditEntity: "state", labelColumn: "name" };

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`versioned records on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    let postId: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "versioned");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("blog_posts").execute();
      ({ id: postId } = await db
        .insertInto("blog_posts")
        .values({
          title: "Tulips on a budget",
          excerpt: "Ten stems, one jar.",
          content: "Cut the stems at an angle and change the water daily.",
          category: "DIY",
          date: "2026-01-01",
          image: null,
          status: "published",
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow());
    });

    const post = () => db.selectFrom("blog_posts").selectAll().where("id", "=", postId).executeTakeFirst();
    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();

    it("adds a record at its first version and logs who added it, from where", async () => {
      const values = {
        title: "Peonies",
        excerpt: "A short one.",
        content: "Peonies open fast in warm water.",
        category: "DIY",
        date: "2026-02-01",
        image: null,
        status: "draft",
      };
      const id = await createVersioned(db, POSTS, { values, details: { label: "Peonies" } }, actor);
      const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject(values);
      expect(row.updated_at).toBe(row.created_at);
      const audit = await auditRows();
      expect(audit).toEqual([
        expect.objectContaining({
          action: "blog_post.create",
          admin_id: actor.adminId,
          actor: "ann@example.com",
          entity_type: "blog_post",
          entity_id: String(id),
          ip: "203.0.113.9",
        }),
      ]);
      expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Peonies" });
    });

    it("saves an edit made from the current version with a new version, and logs who made it, from where", async () => {
      await updateVersioned(
        db,
        POSTS,
        { id: postId, expectedUpdatedAt: T0, values: { title: "Roses on a budget" }, details: { label: "Roses on a budget" } },
        actor,
      );
      const row = await post();
      expect(row?.title).toBe("Roses on a budget");
      expect(row!.updated_at > T0).toBe(true);
      const audit = await auditRows();
      expect(audit).toEqual([
        expect.objectContaining({
          action: "blog_post.update",
          admin_id: actor.adminId,
          actor: "ann@example.com",
          entity_type: "blog_post",
          entity_id: String(postId),
          ip: "203.0.113.9",
        }),
      ]);
      expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Roses on a budget" });
    });

    it("refuses an edit made from a stale version with the conflict message, and writes nothing", async () => {
      let alsoWrote = false;
      const error = await rejection(
        updateVersioned(
          db,
          POSTS,
          {
            id: postId,
            expectedUpdatedAt: STALE,
            values: { title: "Roses on a budget" },
            details: { label: "Roses on a budget" },
            alsoWrite: async () => {
              alsoWrote = true;
            },
          },
          actor,
        ),
      );
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(conflictMessage("blog post"));
      expect(await post()).toMatchObject({ title: "Tulips on a budget", updated_at: T0 });
      expect(alsoWrote).toBe(false);
      expect(await auditRows()).toEqual([]);
    });

    it("takes back the row's update when a write of the same change fails, and logs nothing", async () => {
      const failure = new Error("cities could not be written");
      const update = updateVersioned(
        db,
        POSTS,
        {
          id: postId,
          expectedUpdatedAt: T0,
          values: { title: "Roses on a budget" },
          details: { label: "Roses on a budget" },
          alsoWrite: () => Promise.reject(failure),
        },
        actor,
      );
      await expect(update).rejects.toBe(failure);
      expect(await post()).toMatchObject({ title: "Tulips on a budget", updated_at: T0 });
      expect(await auditRows()).toEqual([]);
    });

    it("writes the extra details and the other writes of the change, for records with text ids", async () => {
      await db.deleteFrom("states").where("id", "=", "oregon").execute();
      await db
        .insertInto("states")
        .values({ id: "oregon", name: "Oregon", code: "OR", region: "Midwest", created_at: T0, updated_at: T0 })
        .execute();
      await updateVersioned(
        db,
        STATES,
        {
          id: "oregon",
          expectedUpdatedAt: T0,
          values: { region: "West" },
          details: { label: "Oregon", region: "West" },
          alsoWrite: async (trx) => {
            await trx.insertInto("audit_log").values({ action: "test.also", created_at: T0 }).execute();
          },
        },
        actor,
      );
      const audit = await auditRows();
      const state = await db.selectFrom("states").select(["region", "updated_at"]).where("id", "=", "oregon").executeTakeFirstOrThrow();
      expect(state.region).toBe("West");
      expect(state.updated_at > T0).toBe(true);
      expect(audit.map((row) => row.action)).toEqual(["test.also", "state.update"]);
      expect(audit[1]).toMatchObject({ entity_type: "state", entity_id: "oregon" });
      expect(JSON.parse(audit[1]!.details!)).toEqual({ label: "Oregon", region: "West" });
    });

    it("deletes a record at its version and logs it under its title", async () => {
      await deleteVersioned(db, POSTS, postId, T0, actor);
      expect(await post()).toBeUndefined();
      const audit = await auditRows();
      expect(audit).toEqual([
        expect.objectContaining({
          action: "blog_post.delete",
          admin_id: actor.adminId,
          actor: "ann@example.com",
          entity_type: "blog_post",
          entity_id: String(postId),
          ip: "203.0.113.9",
        }),
      ]);
      expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Tulips on a budget" });
    });

    it("refuses to delete at a stale version with the conflict message, and keeps the record", async () => {
      const error = await rejection(deleteVersioned(db, POSTS, postId, STALE, actor));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(conflictMessage("blog post"));
      expect(await post()).toMatchObject({ title: "Tulips on a budget" });
      expect(await auditRows()).toEqual([]);
    });

    it("answers the delete of a record that is gone with the conflict message, and logs nothing", async () => {
      await db.deleteFrom("blog_posts").execute();
      const error = await rejection(deleteVersioned(db, POSTS, postId, T0, actor));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(conflictMessage("blog post"));
      expect(await auditRows()).toEqual([]);
    });

    it("joins the caller's transaction: the caller's failure takes the change and its audit row back", async () => {
      const failure = new Error("the caller failed after the delete");
      await expect(
        db.transaction().execute(async (trx) => {
          await deleteVersioned(trx, POSTS, postId, T0, actor);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await post()).toMatchObject({ title: "Tulips on a budget" });
      expect(await auditRows()).toEqual([]);
    });
  });
}
