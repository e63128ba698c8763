import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const STAMP = "2026-01-01T00:00:00.000Z";
const UPLOADED = /^\/uploads\/[a-f0-9]{32}-1200\.webp$/;
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** A photo made for the test: a coloured field with a circle, as JPEG or PNG. */
const photo = (format: "jpeg" | "png", background: string) =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background } })
    .composite([{ input: Buffer.from('<svg width="1500" height="1000"><circle cx="750" cy="500" r="300" fill="#166534"/></svg>') }])
    .toFormat(format)
    .toBuffer();

/** Festivals these tests add run in 2099: never among the upcoming ones or on a day the public tests pick. */
function insertFestival(name: string, image: string | null) {
  return withDatabase(
    (db) =>
      db
        .prepare(
          "insert into festivals (name, description, start_date, end_date, location, city, state, website, ticket_price, image, featured, created_at, updated_at) values (?, 'A festival made by a test.', '2099-06-10', '2099-06-12', 'Test Park', 'Testville', 'Oregon', null, null, ?, 0, ?, ?)",
        )
        .run(name, image, STAMP, STAMP).lastInsertRowid as number,
  );
}

/** Published (so the article page exists) but dated 2001, which keeps it off the home page's newest three. */
function insertPost(title: string) {
  return withDatabase(
    (db) =>
      db
        .prepare(
          "insert into blog_posts (title, excerpt, content, category, date, image, status, created_at, updated_at) values (?, 'An excerpt written by a test.', 'Body text written by a test.', 'Tips', '2001-01-01', null, 'published', ?, ?)",
        )
        .run(title, STAMP, STAMP).lastInsertRowid as number,
  );
}

const festivalRow = (id: number) =>
  withDatabase((db) => db.prepare("select image, city, updated_at from festivals where id = ?").get(id)) as {
    image: string | null;
    city: string;
    updated_at: string;
  };

test.describe("photos in the festival and blog editors", () => {
  test("uploads a festival photo from the edit dialog, saves the dialog without a conflict, and the festival page shows it", async ({
    page,
  }) => {
    const name = unique("E2E Photo Fest");
    const seeded = "/images/festivals/tulip-time-festival.webp";
    const id = insertFestival(name, seeded);
    await loginAsAdmin(page, `/admin/festivals?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    const photoSection = dialog.getByRole("group", { name: "Photo" });
    const preview = photoSection.getByRole("img", { name: "Current photo" });
    await expect(preview).toHaveAttribute("src", seeded);
    await expect(preview).toHaveAttribute("srcset", /tulip-time-festival-400\.webp 400w/);
    await expect(dialog.getByLabel("Image (optional)")).toHaveValue(seeded);
    await expectAccessible(page);

    // A change typed before the upload is kept and saved with the form.
    await dialog.getByLabel("City").fill("Uploadville");
    await photoSection
      .locator('input[type="file"]')
      .setInputFiles({ name: "parade.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", "#c2185b") });
    await expect(photoSection.getByText("parade.jpg: file uploaded successfully")).toBeVisible();
    await expect(preview).toHaveAttribute("src", UPLOADED);
    const uploaded = (await preview.getAttribute("src"))!;
    await expect(preview).toHaveAttribute(
      "srcset",
      `${uploaded.replace("-1200", "-400")} 400w, ${uploaded.replace("-1200", "-800")} 800w, ${uploaded} 1200w`,
    );
    await expect(dialog.getByLabel("Image (optional)")).toHaveValue(uploaded);
    // Stored at once, before the form is saved.
    expect(festivalRow(id)).toMatchObject({ image: uploaded, city: "Testville" });
    expect(festivalRow(id).updated_at).not.toBe(STAMP);

    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(notifications(page).getByText(`${name} was saved.`)).toBeVisible();
    expect(festivalRow(id)).toMatchObject({ image: uploaded, city: "Uploadville" });
    expect(
      withDatabase((db) =>
        db.prepare("select action from audit_log where entity_type = 'festival' and entity_id = ? order by id").all(String(id)),
      ),
    ).toEqual([{ action: "festival.image" }, { action: "festival.update" }]);

    // Reopened after the save, the dialog shows the new photo and saves again (the list has the new version).
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(preview).toHaveAttribute("src", uploaded);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/festivals/${id}`);
    const hero = page.getByRole("img", { name, exact: true });
    await expect(hero).toHaveAttribute("src", uploaded);
    await expect(hero).toHaveAttribute(
      "srcset",
      new RegExp(`-400\\.webp 400w, .*-800\\.webp 800w, ${uploaded.replace(/[.]/g, "\\.")} 1200w`),
    );
    await expect(hero).toHaveAttribute("sizes", /.+/);
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "1200");
    await expect(hero).toHaveAttribute("height", "800");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(id));
  });

  test("uploads a blog post's photo from the edit dialog, and the article shows it", async ({ page }) => {
    const title = unique("E2E Photo Post");
    const id = insertPost(title);
    await loginAsAdmin(page, `/admin/blog?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
    const photoSection = dialog.getByRole("group", { name: "Photo" });
    await expect(photoSection.getByText("No photo yet: the site shows the default flower photo.")).toBeVisible();
    await expect(photoSection.getByRole("img", { name: "Current photo" })).toHaveCount(0);

    await photoSection
      .locator('input[type="file"]')
      .setInputFiles({ name: "vase.png", mimeType: "image/png", buffer: await photo("png", "#7b1fa2") });
    const preview = photoSection.getByRole("img", { name: "Current photo" });
    await expect(preview).toHaveAttribute("src", UPLOADED);
    const uploaded = (await preview.getAttribute("src"))!;
    await expect(dialog.getByLabel("Image (optional)")).toHaveValue(uploaded);
    await dialog.getByLabel("Excerpt").fill("An excerpt rewritten after the photo was uploaded.");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    expect(withDatabase((db) => db.prepare("select image, excerpt from blog_posts where id = ?").get(id))).toEqual({
      image: uploaded,
      excerpt: "An excerpt rewritten after the photo was uploaded.",
    });

    await page.goto(`/blog/${id}`);
    const hero = page.locator("article").first().locator("img").first();
    await expect(hero).toHaveAttribute("src", uploaded);
    await expect(hero).toHaveAttribute("srcset", new RegExp(`-400\\.webp 400w, .*-800\\.webp 800w, .*-1200\\.webp 1200w`));
    await expect(hero).toHaveAttribute("loading", "eager");
    withDatabase((db) => db.prepare("delete from blog_posts where id = ?").run(id));
  });

  test("a new festival has no photo until it is saved; a path to a missing file says so instead of showing a broken picture", async ({
    page,
  }) => {
    await loginAsAdmin(page, "/admin/festivals/new");
    const add = page.getByRole("dialog", { name: "Add Festival" });
    await expect(add.getByText("Save the festival first, then add a photo.")).toBeVisible();
    await expect(add.locator('input[type="file"]')).toHaveCount(0);
    await expect(add.getByLabel("Image (optional)")).toHaveValue("");
    await add.getByRole("button", { name: "Cancel" }).click();

    const name = unique("E2E Missing Photo Fest");
    const id = insertFestival(name, "/images/festivals/no-such-picture.webp");
    await page.goto(`/admin/festivals?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByText(/^No file is at this image's path/)).toBeVisible();
    await expect(dialog.getByLabel("Image (optional)")).toHaveValue("/images/festivals/no-such-picture.webp");
    // The preview is the default photo; the fixture fails the test on any 404 the browser logs.
    await expect(dialog.getByRole("group", { name: "Photo" }).locator("img")).toHaveAttribute("src", "/images/default-flower.webp");
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(id));
  });
});
