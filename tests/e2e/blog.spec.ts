import type { Page } from "@playwright/test";
import { expectAccessible, expect, test, acceptLoggedFailures } from "./fixtures";

interface ApiPost {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  date: string;
  image: string | null;
}

async function publishedPosts(page: Page): Promise<ApiPost[]> {
  const response = await page.request.get("/api/blog-posts");
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiPost[];
}

/** A post whose category has at least two other posts, so it has related articles. */
function postWithRelated(posts: ApiPost[]) {
  const post = posts.find((candidate) => posts.filter((other) => other.category === candidate.category).length >= 3);
  if (!post) throw new Error("the seed has no category with three posts");
  return post;
}

test.describe("blog list", () => {
  test("shows 6 placeholder cards while the list loads during client-side navigation", async ({ page }) => {
    await page.goto("/");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/blog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "All articles" }).click();
    await expect(page.getByTestId("blog-placeholders").locator("li")).toHaveCount(6);
    release();
    await expect(page.getByTestId("blog-placeholders")).toHaveCount(0);
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("link", { name: "Read article" }).first()).toBeVisible();
  });

  test("shows every published post in a two-column grid, each with image, category, date, excerpt and 'Read article'", async ({ page }) => {
    const posts = await publishedPosts(page);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flower Arranging Guide");

    const grid = page.getByTestId("blog-posts");
    await expect(grid).toHaveClass(/md:grid-cols-2/);
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(2);

    for (const post of posts) {
      const card = grid.getByRole("article").filter({ has: page.getByRole("heading", { name: post.title, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText(post.category, { exact: true })).toBeVisible();
      await expect(card.locator(`time[datetime="${post.date}"]`)).toBeVisible();
      await expect(card.getByText(post.excerpt)).toBeVisible();
      await expect(card.getByRole("link", { name: "Read article" })).toHaveAttribute("href", `/blog/${post.id}`);
    }

    const images = grid.locator("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.nth(1)).toHaveAttribute("loading", "eager");
    await expect(images.nth(2)).toHaveAttribute("loading", "lazy");
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }
    await expectAccessible(page);
  });

  test("'Read article' opens the article", async ({ page }) => {
    const [first] = await publishedPosts(page);
    await page.goto("/blog");
    await page.getByRole("link", { name: `Read article: ${first!.title}` }).click();
    await expect(page).toHaveURL(`/blog/${first!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.title);
  });

  test("fits a phone screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/blog");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("blog article", () => {
  test("shows title, date, category, image, body, the three fixed sections and 'Back to Blog'", async ({ page }) => {
    const post = postWithRelated(await publishedPosts(page));
    const response = await page.goto(`/blog/${post.id}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page).toHaveTitle(`${post.title} | Flower Arranging Guide`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${post.id}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

    const article = page.locator("article").first();
    await expect(article.locator(`time[datetime="${post.date}"]`)).toBeVisible();
    await expect(article.getByText(post.category, { exact: true })).toBeVisible();
    const hero = article.locator("img").first();
    await expect(hero).toHaveAttribute("src", post.image ?? /default-flower/);
    await expect(hero).toHaveAttribute("loading", "eager");

    // The body is the post's Markdown, rendered: its first paragraph and its "## " headings.
    const firstParagraph = post.content.split("\n\n")[0]!.slice(0, 60);
    await expect(article.getByText(firstParagraph)).toBeVisible();
    const bodyHeading = /^## (.+)$/m.exec(post.content)?.[1];
    expect(bodyHeading, "a '## ' heading in the post").toBeDefined();
    await expect(article.getByRole("heading", { level: 2, name: bodyHeading! })).toBeVisible();
    await expect(article.getByText(/^#+ /)).toHaveCount(0);

    for (const heading of ["Getting Started", "Selecting Your Flowers", "Basic Arrangement Techniques"]) {
      await expect(article.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }

    const back = page.getByRole("link", { name: "Back to Blog" });
    await expect(back).toHaveAttribute("href", "/blog");
    await expectAccessible(page);
    await back.click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flower Arranging Guide");
  });

  test("lists up to 3 related articles of the same category, newest first, never the article itself", async ({ page }) => {
    const posts = await publishedPosts(page);
    const post = postWithRelated(posts);
    const expected = posts.filter((other) => other.category === post.category && other.id !== post.id).slice(0, 3);

    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole("heading", { name: "Related Articles" })).toBeVisible();
    const related = page.getByTestId("related-articles").getByRole("listitem");
    await expect(related).toHaveCount(expected.length);
    for (const [index, other] of expected.entries()) {
      const item = related.nth(index);
      await expect(item.getByRole("heading")).toHaveText(other.title);
      await expect(item.locator("img")).toHaveAttribute("src", other.image ?? /default-flower/);
      await expect(item.getByRole("link", { name: "Read article" })).toHaveAttribute("href", `/blog/${other.id}`);
    }
    await expect(page.getByTestId("related-articles").locator(`a[href="/blog/${post.id}"]`)).toHaveCount(0);
  });

  test("is rendered on the server with the Markdown turned into HTML", async ({ request }) => {
    const postsResponse = await request.get("/api/blog-posts");
    const [post] = (await postsResponse.json()) as ApiPost[];
    const response = await request.get(`/blog/${post!.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Selecting Your Flowers");
    expect(html).toMatch(/<h2>[^<]+<\/h2>/);
    expect(html).not.toContain("\n## ");
  });

  for (const path of ["/blog/abc", "/blog/999999", "/blog/0", "/blog/1.5"]) {
    test(`${path} answers 404 with 'Blog Post Not Found' and 'Back to Blog'`, async ({ page, pageErrors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Post Not Found");
      await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
      await expectAccessible(page);
      acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 404/);
    });
  }
});
