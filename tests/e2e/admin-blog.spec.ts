import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const EMPTY = "No blog posts found matching your criteria";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface PostValues {
  title: string;
  excerpt?: string;
  content?: string;
  category?: string;
  status?: "draft" | "published";
}

/**
 * Posts made by these tests are drafts, which the public site never shows, unless a test needs one
 * published; their old date keeps them off the home page's newest three meanwhile.
 */
function insertPosts(posts: PostValues[]): number[] {
  const stamp = "2026-01-01T00:00:00.000Z";
  return withDatabase((db) => {
    const insert = db.prepare(
      "insert into blog_posts (title, excerpt, content, category, date, image, status, created_at, updated_at) values (?, ?, ?, ?, '2001-01-01', null, ?, ?, ?)",
    );
    return posts.map(
      (p) =>
        insert.run(
          p.title,
          p.excerpt ?? "An excerpt written by a test.",
          p.content ?? "Body text written by a test.",
          p.category ?? "Tips",
          p.status ?? "draft",
          stamp,
          stamp,
        ).lastInsertRowid as number,
    );
  });
}

const deletePosts = (ids: number[]) => withDatabase((db) => ids.forEach((id) => db.prepare("delete from blog_posts where id = ?").run(id)));
const countPosts = () => withDatabase((db) => (db.prepare("select count(*) n from blog_posts").get() as { n: number }).n);

const auditOf = (id: number) =>
  withDatabase((db) =>
    db
      .prepare("select action, actor, details from audit_log where entity_type = 'blog_post' and entity_id = ? order by id")
      .all(String(id)),
  );

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

test.describe("admin blog", () => {
  test("lists 10 a page, and pages only when the filtered results exceed 10, counted from the filtered results", async ({ page }) => {
    const token = unique("E2E Paging");
    const ids = insertPosts(Array.from({ length: 11 }, (_, i) => ({ title: `${token} ${String(i).padStart(2, "0")}` })));
    await loginAsAdmin(page, "/admin/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page).toHaveTitle(/^Blog \| .+ Admin$/);
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText(["Title", "Category", "Date", "Status", "Actions"]);
    await expect(rows(page)).toHaveCount(10);
    await expect(pagination(page).getByText(`Page 1 of ${Math.ceil(countPosts() / 10)}`)).toBeVisible();

    await page.getByLabel("Search blog posts").fill(token);
    await expect(pagination(page).getByText("Page 1 of 2")).toBeVisible();
    await expect(pagination(page).getByText("Showing 1-10 of 11")).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(pagination(page).getByText("Page 2 of 2")).toBeVisible();
    await expect(rows(page)).toHaveCount(1);

    deletePosts(ids.slice(0, 1));
    await page.goto(`/admin/blog?q=${encodeURIComponent(token)}`);
    await expect(rows(page)).toHaveCount(10);
    await expect(pagination(page)).toHaveCount(0);
    deletePosts(ids);
  });

  test("searches title, excerpt and text, filters by category and status, and says when nothing matches", async ({ page }) => {
    const token = unique("zinnia");
    const ids = insertPosts([
      { title: `In the title ${token}`, category: "DIY" },
      { title: "In the excerpt", excerpt: `Mentions ${token.toUpperCase()} here.`, category: "Seasonal" },
      { title: "In the text", content: `## Heading\n\nThe word ${token} is in the body.`, category: "Seasonal" },
    ]);
    await loginAsAdmin(page, `/admin/blog?q=${encodeURIComponent(token)}`);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).locator("td:nth-child(4)")).toHaveText(["Draft", "Draft", "Draft"]);

    await page.getByLabel("Category").selectOption("Seasonal");
    await expect(page).toHaveURL(/category=Seasonal/);
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel("Status").selectOption({ label: "Published" });
    await expect(page).toHaveURL(/status=published/);
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();

    await page.goto("/admin/blog?category=Wedding&status=published");
    const wedding = withDatabase(
      (db) =>
        (db.prepare("select count(*) n from blog_posts where category = 'Wedding' and status = 'published'").get() as { n: number }).n,
    );
    expect(wedding).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(Math.min(wedding, 10));
    for (const cell of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(cell).toBe("Wedding");
    await expectAccessible(page);
    deletePosts(ids);
  });

  test("shows 'Loading blog posts...' while the list reloads", async ({ page }) => {
    await loginAsAdmin(page, "/admin/blog");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/blog.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Status").selectOption({ label: "Draft" });
    await expect(page.getByRole("status").filter({ hasText: "Loading blog posts..." })).toHaveText("Loading blog posts...");
    release();
    await expect(page.getByText("Loading blog posts...")).toHaveCount(0);
    await expect(page).toHaveURL(/status=draft/);
  });

  test("explains each invalid field next to it", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin/blog/new");
    const dialog = page.getByRole("dialog", { name: "Add Post" });
    await expect(dialog.getByLabel("Status")).toHaveValue("draft");
    await expect(dialog.getByLabel("Category").locator("option")).toContainText([
      "Choose a category",
      "DIY",
      "Seasonal",
      "Wedding",
      "Tips",
      "Guides",
    ]);
    await dialog.getByLabel("Date").fill("");
    await dialog.getByLabel("Image (optional)").fill("/images/../secret.txt");
    await dialog.getByRole("button", { name: "Add post" }).click();
    await expect(dialog.getByText("Enter a title (at least 3 characters).")).toBeVisible();
    await expect(dialog.getByText("Write a short excerpt (at least 10 characters).")).toBeVisible();
    await expect(dialog.getByText("Choose a category.")).toBeVisible();
    await expect(dialog.getByText("Enter the publication date.")).toBeVisible();
    await expect(dialog.getByText("Enter a path on this site starting with /images/ or /uploads/, or leave it empty.")).toBeVisible();
    await expect(dialog.getByText("Write the article (at least 20 characters).")).toBeVisible();
    await expect(dialog.getByLabel("Article (Markdown)")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    acceptLoggedFailures(pageErrors, /status of 400/);
  });

  test("previews the Markdown live with the public article's safe rendering, and formats from the toolbar", async ({ page }) => {
    await loginAsAdmin(page, "/admin/blog/new");
    const dialog = page.getByRole("dialog", { name: "Add Post" });
    const editor = dialog.getByLabel("Article (Markdown)");
    const preview = dialog.getByTestId("markdown-preview");
    await expect(preview).toHaveText("The preview appears here as you write.");

    await editor.fill(
      '## Tools\n\nUse **sharp** pruners.\n\n- one\n- two\n\n<script>window.injected = 1</script><img src="/x.png" onerror="window.injected = 2">\n\n[bad](javascript:alert(1))',
    );
    await expect(preview.getByRole("heading", { level: 2, name: "Tools" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("sharp");
    await expect(preview.getByRole("listitem")).toHaveText(["one", "two"]);
    await expect(preview.locator("script, img, [onerror]")).toHaveCount(0);
    await expect(preview.getByText("bad")).toBeVisible();
    await expect(preview.locator("[href*='javascript' i]")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();

    await editor.fill("sharp");
    await editor.selectText();
    await dialog.getByRole("button", { name: "Bold" }).click();
    await expect(editor).toHaveValue("**sharp**");
    await expect(preview.locator("strong")).toHaveText("sharp");
    await editor.press("End");
    await editor.press("Enter");
    await editor.press("Enter");
    await dialog.getByRole("button", { name: "Heading" }).click();
    await expect(editor).toHaveValue("**sharp**\n\n## ");
  });

  test("switches between Write and Preview tabs on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page, "/admin/blog/new");
    const dialog = page.getByRole("dialog", { name: "Add Post" });
    const editor = dialog.getByLabel("Article (Markdown)");
    const preview = dialog.getByTestId("markdown-preview");
    await expect(dialog.getByRole("tab", { name: "Write" })).toHaveAttribute("aria-selected", "true");
    await expect(preview).toBeHidden();
    await editor.fill("> Fresh water daily.");
    await dialog.getByRole("tab", { name: "Preview" }).click();
    await expect(editor).toBeHidden();
    await expect(preview.locator("blockquote")).toHaveText("Fresh water daily.");
    await expectAccessible(page);
    await dialog.getByRole("tab", { name: "Write" }).click();
    await expect(editor).toHaveValue("> Fresh water daily.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("adds a draft that the public site never shows", async ({ page }) => {
    const title = unique("E2E Dahlia Care");
    const content = "## Cutting\n\nCut dahlias in the **cool** morning.";
    await loginAsAdmin(page, "/admin/blog/new");
    const dialog = page.getByRole("dialog", { name: "Add Post" });
    await dialog.getByLabel("Title").fill(title);
    const excerpt = "How to cut and condition dahlias so they last.";
    await dialog.getByLabel("Excerpt").fill(excerpt);
    await expect(dialog.getByText(`${excerpt.length}/300 characters.`, { exact: false })).toBeVisible();
    await dialog.getByLabel("Category").selectOption("Tips");
    await dialog.getByLabel("Date").fill("2001-01-01");
    await dialog.getByLabel("Image (optional)").fill("/images/blog/dahlias.webp");
    await dialog.getByLabel("Article (Markdown)").fill(content);
    await dialog.getByRole("button", { name: "Add post" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/admin/blog");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText(`${title} was added.`)).toBeVisible();

    const saved = withDatabase((db) => db.prepare("select * from blog_posts where title = ?").get(title)) as Record<string, unknown>;
    expect(saved).toMatchObject({
      excerpt,
      category: "Tips",
      date: "2001-01-01",
      image: "/images/blog/dahlias.webp",
      status: "draft",
      content,
    });
    const id = saved.id as number;
    expect((await page.request.get(`/blog/${id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/blog-posts/${id}`)).status()).toBe(404);
    expect(await (await page.request.get("/blog")).text()).not.toContain(title);

    await page.getByLabel("Search blog posts").fill(title);
    const row = rows(page).filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("January 1, 2001");
    await expect(row.getByRole("link")).toHaveCount(0);
    expect(auditOf(id)).toEqual([{ action: "blog_post.create", actor: "admin@example.com", details: JSON.stringify({ label: title }) }]);
    deletePosts([id]);
  });

  test("publishes a draft at once, and the article shows exactly what the preview showed", async ({ page }) => {
    const title = unique("E2E Sweet Peas");
    const content = "## Cutting\n\nCut sweet peas in the **cool** morning.\n\n> Sear the stems.\n\n- Water\n- Flower food";
    const [id] = insertPosts([{ title, content }]);
    await loginAsAdmin(page, `/admin/blog?q=${encodeURIComponent(title)}`);
    const row = rows(page).filter({ hasText: title });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${title}` });
    await expect(edit.getByLabel("Article (Markdown)")).toHaveValue(content);
    const preview = edit.getByTestId("markdown-preview").locator("> div");
    await expect(preview.getByRole("heading", { level: 2, name: "Cutting" })).toBeVisible();
    const previewHtml = await preview.innerHTML();
    await edit.getByLabel("Status").selectOption("published");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("Published");
    await expect(row.getByRole("link", { name: `View ${title} on the site (opens in a new tab)` })).toHaveAttribute("href", `/blog/${id}`);

    expect((await page.goto(`/blog/${id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const body = page.locator("article").getByRole("heading", { level: 2, name: "Cutting" }).locator("..");
    expect(await body.innerHTML()).toBe(previewHtml);
    expect(auditOf(id!)).toEqual([{ action: "blog_post.update", actor: "admin@example.com", details: JSON.stringify({ label: title }) }]);
    deletePosts([id!]);
  });

  test("deletes a post after the confirmation, and the article goes with it", async ({ page }) => {
    const title = unique("E2E Farewell Post");
    const [id] = insertPosts([{ title, status: "published" }]);
    expect((await page.request.get(`/blog/${id}`)).status()).toBe(200);
    await loginAsAdmin(page, `/admin/blog?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete blog post" });
    await expect(confirm).toContainText(title);
    await expect(confirm).toContainText("Are you sure you want to delete this blog post? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText("The blog post was deleted.")).toBeVisible();
    expect((await page.request.get(`/blog/${id}`)).status()).toBe(404);
    expect(auditOf(id!)).toEqual([{ action: "blog_post.delete", actor: "admin@example.com", details: JSON.stringify({ label: title }) }]);
  });

  test("refuses to save over someone else's change", async ({ page, pageErrors }) => {
    const title = unique("E2E Conflict Post");
    const [id] = insertPosts([{ title }]);
    await loginAsAdmin(page, `/admin/blog?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${title}` });
    withDatabase((db) => db.prepare("update blog_posts set updated_at = ? where id = ?").run("2026-02-02T00:00:00.000Z", id));
    await edit.getByLabel("Excerpt").fill("An excerpt that would overwrite someone's change.");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText(
      "This blog post was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.",
    );
    expect(withDatabase((db) => db.prepare("select excerpt from blog_posts where id = ?").get(id))).toEqual({
      excerpt: "An excerpt written by a test.",
    });
    acceptLoggedFailures(pageErrors, /status of 409/);
    deletePosts([id!]);
  });

  test("its mutations and previews answer 401 without a session and 403 from another site", async ({ page, playwright, baseURL }) => {
    const [id] = insertPosts([{ title: unique("E2E Guarded Post") }]);
    const form = { intent: "delete", id: String(id), updatedAt: "2026-01-01T00:00:00.000Z" };
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const [path, fields] of [
      ["/admin/blog", form],
      ["/admin/blog/new", form],
      ["/admin/blog", { intent: "preview", content: "## Hello" }],
    ] as const) {
      const noSession = await anonymous.post(path, { form: fields });
      expect(noSession.status()).toBe(401);
      expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    }
    await anonymous.dispose();

    await loginAsAdmin(page, "/admin/blog");
    const crossSite = await page.request.post("/admin/blog", { form, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
    expect(withDatabase((db) => db.prepare("select count(*) n from blog_posts where id = ?").get(id))).toEqual({ n: 1 });
    deletePosts([id!]);
  });
});
