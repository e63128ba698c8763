import http from "node:http";
import { todayIsoDate } from "../../app/utils/dates";
import { acceptLoggedStatuses, E2E_ADMIN, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

const INVALID = "Invalid email or password.";
const THROTTLED = "Too many sign-in attempts. Please wait 15 minutes and try again.";

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * A loopback address of the test's own (127.x.y.z). Throttling counts failures per client address, and
 * the browsers share 127.0.0.1: failures sent from an address nobody else uses cannot lock another test's
 * sign-ins, nor the same test's when it runs again on the same server.
 */
const freshAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** Posts the sign-in form from another loopback address (see freshAddress). */
function postLoginFrom(baseURL: string, localAddress: string, fields: { email: string; password: string }) {
  const body = new URLSearchParams(fields).toString();
  const url = new URL("/admin/login", baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test.describe("admin sign-in", () => {
  test("sends visitors without a session to the sign-in page, which is not indexed", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin sign-in" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/admin/settings");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fsettings");
  });

  test("refuses a wrong password with a message that does not say whether the email exists", async ({ page, baseURL, pageErrors }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-right-password");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(INVALID);
    await expect(page).toHaveURL(/\/admin\/login/);

    const unknown = await postLoginFrom(baseURL!, freshAddress(), { email: unique("nobody"), password: "whatever-password" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain(INVALID);
    acceptLoggedStatuses(pageErrors, 401);
  });

  test("slows a sixth attempt on one account within 15 minutes (429 for a second), whichever address it comes from", async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const email = unique("throttled");
    const address = freshAddress();
    // The form is filled first: the account is slowed for a second after its fifth failure, and a page load takes longer.
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("yet-another-password");
    for (let i = 0; i < 5; i++) {
      const attempt = await postLoginFrom(baseURL!, address, { email, password: `wrong-password-${i}` });
      expect(attempt.status).toBe(401);
    }
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(
      /^This account has had many failed sign-ins, so it takes one attempt at a time from a browser that has not signed in before\. Please try again in [12] seconds?\.$/,
    );
    acceptLoggedStatuses(pageErrors, 429);
  });

  test("lets the admin in from a browser that signed in before, however many wrong passwords others sent (#40.4)", async ({
    page,
    baseURL,
  }) => {
    // This browser signs in (with its script: the form posts to /admin/login.data) and signs out: it keeps its device cookie.
    await loginAsAdmin(page, "/admin", { fresh: true });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/admin/login");
    // Someone elsewhere fails five times on the admin's account, from five addresses.
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    for (let i = 0; i < 5; i++) {
      expect((await postLoginFrom(baseURL!, freshAddress(), { email: E2E_ADMIN.email, password: `a guess ${i}` })).status).toBe(401);
    }
    // The admin's own browser is not slowed: the right password signs in at once.
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(new URL((await answer).url()).pathname).toBe("/admin/login.data");
    await expect(page).toHaveURL("/admin", { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Admin" })).toBeVisible();
  });

  test("refuses every account, even with the right password, from an address with 5 failures", async ({ baseURL }) => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await postLoginFrom(baseURL!, address, { email: unique(`guess${i}`), password: "guessed-password" })).status).toBe(401);
    }
    const blocked = await postLoginFrom(baseURL!, address, E2E_ADMIN);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain(THROTTLED);
  });

  test("signs in to the dashboard: welcome, side navigation, tabs and quick actions", async ({ page }) => {
    await loginAsAdmin(page, "/admin", { fresh: true });
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Admin" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${E2E_ADMIN.email}`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("tab")).toHaveText(["Overview", "Recent Activity", "Statistics", "Quick Tools"]);
    const nav = page.getByRole("navigation", { name: "Admin" });
    const sections: [string, string][] = [
      ["Wholesalers", "/admin/wholesalers"],
      ["States", "/admin/states"],
      ["Festivals", "/admin/festivals"],
      ["Blog", "/admin/blog"],
      ["Grocery Stores", "/admin/grocery-stores"],
      ["Subscribers", "/admin/subscribers"],
      ["Suggestions", "/admin/suggestions"],
      ["Reports", "/admin/reports"],
      ["Settings", "/admin/settings"],
      ["Image Manager", "/admin/image-manager"],
    ];
    for (const [name, href] of sections) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const href of ["/admin/wholesalers/new", "/admin/image-manager", "/admin/festivals/new", "/admin/blog/new", "/admin/states"]) {
      await expect(page.getByRole("main").locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("shows the Overview figures as the database has them", async ({ page }) => {
    await loginAsAdmin(page);
    // The worker's tests run one after another on its own database, each putting back what it changed.
    const stat = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd")
        .first();
    const expected = withDatabase((db) => {
      const count = (query: string, ...params: string[]) => (db.prepare(query).get(...params) as { n: number }).n;
      return {
        Wholesalers: count("select count(*) as n from wholesalers"),
        "States Covered": count("select count(distinct state_id) as n from wholesalers"),
        "Upcoming Festivals": count("select count(*) as n from festivals where end_date >= ?", todayIsoDate()),
        "Published Posts": count("select count(*) as n from blog_posts where status = 'published'"),
        Subscribers: count("select count(*) as n from newsletter_subscribers where unsubscribed_at is null"),
        "Pending Suggestions": count("select count(*) as n from location_suggestions where status = 'pending'"),
      };
    });
    for (const [label, n] of Object.entries(expected)) {
      expect(await stat(label).textContent(), label).toBe(n.toLocaleString("en-US"));
    }
    expect(expected.Wholesalers).toBeGreaterThan(0);
  });

  test("signs out for good: the session ends on the server, not only in the browser", async ({ page, context }) => {
    await loginAsAdmin(page, "/admin", { fresh: true });
    const [session] = (await context.cookies()).filter((cookie) => cookie.name === "__Host-wff_session");
    // The __Host- prefix: Secure, for the whole site, for this host alone (no Domain).
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    // The device cookie goes with the sign-in form's posts, also to /admin/login.data, where the page's script sends it.
    const [device] = (await context.cookies()).filter((cookie) => cookie.name === "__Secure-wff_device");
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/admin" });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/admin/login");
    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin");

    // The session ended on the server too: the old cookie opens nothing.
    await context.addCookies([session!]);
    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin");
  });

  test("returns to the page asked for after signing in, but never to another site", async ({ page }) => {
    await loginAsAdmin(page, "/admin?from=bookmark", { fresh: true });
    await expect(page).toHaveURL("/admin?from=bookmark");
    await page.goto("/admin/login?next=https%3A%2F%2Fevil.example%2Fadmin");
    await expect(page).toHaveURL("/admin");
    await page.goto("/admin/login?next=%2F%2Fevil.example");
    await expect(page).toHaveURL("/admin");
  });

  test("shows unknown admin pages as 404 inside the admin area, after signing in if need be", async ({ page, pageErrors }) => {
    await page.goto("/admin/no-such-screen");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fno-such-screen");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/admin/no-such-screen");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();

    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page).toHaveTitle(/Page Not Found/);
    await expectAccessible(page);
    acceptLoggedStatuses(pageErrors, 404);
  });

  test("lists sign-in attempts under Recent Activity with who, what and where", async ({ page, baseURL }) => {
    const email = unique("activity");
    const address = freshAddress();
    expect((await postLoginFrom(baseURL!, address, { email, password: "a-wrong-password" })).status).toBe(401);
    await loginAsAdmin(page);
    await page.getByRole("tab", { name: "Recent Activity" }).click();
    const entry = page.getByRole("listitem").filter({ hasText: email });
    await expect(entry).toContainText("Failed sign-in attempt");
    await expect(entry).toContainText(`from ${address}`);
    await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  });

  test("refuses a cross-site sign-out with 403", async ({ page }) => {
    const response = await page.request.post("/admin/logout", { headers: { Origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
  });

  test("offers the admin navigation and sign-out in a menu on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page, "/admin", { fresh: true });
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await page.getByRole("button", { name: "Open admin menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    await expect(menu.getByRole("link", { name: "Festivals" })).toBeVisible();
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/admin/login");
  });
});
