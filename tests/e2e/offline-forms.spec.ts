import type { Locator, Page } from "@playwright/test";
import { acceptLoggedFailures, expect, test, waitForHydration, withDatabase } from "./fixtures";
import { cachedUrls, controlledByWorker, LISTING, OFFLINE_FAILURES, RESULTS, savedCopyLine } from "./offline-fixtures";

// The browser tests block the offline worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: "allow" });

/**
 * Sent without a signal (issue #38): a form sent offline, or when the browser thinks it is online but the request
 * fails ("lie-fi"), says it was not sent and keeps what was typed; and the first page of a first visit is kept.
 */

const UNSENT = "Not sent: there is no connection. What you typed is still here; send it again when you have a signal.";
const unique = (text: string) => `${text} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An empty results page (Miami Beach: nobody within 25 miles), whose "tell me" form posts to /notify-me. */
const EMPTY_RESULTS = "/near?zip=33137";

/**
 * Sends a "tell me" form again once `reconnect` has given the connection back: it goes through once (one post, one
 * confirmation mail) and reaches what it always has, /notify-me's "Check your inbox".
 */
async function sendAgainOnline(page: Page, form: Locator, email: string, reconnect: () => Promise<void> | void) {
  await reconnect();
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/notify-me")) posts++;
  });
  await form.getByRole("button", { name: "Tell me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await expect(page).toHaveURL(/\/notify-me$/);
  await expect(page.getByRole("status")).toHaveText("Almost done: check your inbox and click the link we sent to confirm your request.");
  expect(posts).toBe(1);
  await expect.poll(() => confirmationMails(email)).toBe(1);
}

/** The "tell me" confirmation mails written to `email`. */
const confirmationMails = (email: string) =>
  withDatabase(
    (db) =>
      db.prepare("select count(*) as n from mail_outbox where kind = 'demand-confirm' and recipient_normalized = ?").get(email) as {
        n: number;
      },
  ).n;

/** Lie-fi for the "tell me" forms: their posts fail (navigator.onLine stays true) until the returned function runs. */
async function failNotifyMePosts(page: Page) {
  let failing = true;
  await page.route("**/notify-me.data*", (route) => (failing && route.request().method() === "POST" ? route.abort() : route.fallback()));
  return () => {
    failing = false;
  };
}

const uniqueEmail = (name: string) => `${unique(name).replace(" ", "-")}@example.com`;

/** Opens the report dialog of a card on the page. */
async function openReportDialog(page: Page, name: string) {
  const card = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await card.getByRole("button", { name: `Report a problem with ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Help us keep ${name} accurate.`);
  return dialog;
}

test.describe("a form sent without a connection", () => {
  test("the report dialog, opened and sent offline, says so and keeps the report, which is sent once back online", async ({
    page,
    context,
    pageErrors,
  }) => {
    // At the market: a zipcode's results opened with a signal, which is gone when the dialog opens.
    await controlledByWorker(page);
    await page.goto(RESULTS);
    await waitForHydration(page);
    await context.setOffline(true);
    const dialog = await openReportDialog(page, "California Flower Mall");
    const details = unique("The phone rings a bakery");
    await dialog.getByRole("radio", { name: "Wrong phone number or hours" }).check();
    await dialog.getByLabel("Details").fill(details);
    await dialog.getByRole("button", { name: "Send report" }).click();

    await expect(dialog.getByRole("alert")).toHaveText(UNSENT);
    await expect(dialog.getByRole("radio", { name: "Wrong phone number or hours" })).toBeChecked();
    await expect(dialog.getByLabel("Details")).toHaveValue(details);

    await context.setOffline(false);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toContainText("Thanks — we'll check this listing.");
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("the newsletter signup, sent offline, says so and keeps the address, which subscribes once back online", async ({
    page,
    context,
    pageErrors,
  }) => {
    // The worker keeps the toast's script for the spec's "Subscription Error", shown beside the notice.
    await controlledByWorker(page);
    await waitForHydration(page);
    const newsletter = page.locator("#newsletter");
    const email = `${unique("offline").replace(" ", "-")}@example.com`;
    await context.setOffline(true);
    await newsletter.getByLabel("Email address").fill(email);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();

    await expect(newsletter.getByRole("alert")).toHaveText(UNSENT);
    await expect(newsletter.getByLabel("Email address")).toHaveValue(email);

    await context.setOffline(false);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Thanks for subscribing!");
    await expect(newsletter.getByRole("alert")).toHaveCount(0);
    await expect(newsletter.getByLabel("Email address")).toHaveValue("");
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("lie-fi: the browser says online but the suggestion's request fails; the page says so and keeps it", async ({
    page,
    pageErrors,
  }) => {
    let failing = true;
    await page.route("**/about.data*", (route) => (failing && route.request().method() === "POST" ? route.abort() : route.fallback()));
    await page.goto("/about");
    await waitForHydration(page);
    const businessName = unique("Petal & Stem Wholesale");
    await page.getByLabel("Business name").fill(businessName);
    await page.getByLabel("Business address").fill("754 Wall St, Los Angeles, CA 90014");
    await page.getByRole("button", { name: "Send suggestion" }).click();

    await expect(page.getByRole("alert")).toHaveText(UNSENT);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(page.getByLabel("Business name")).toHaveValue(businessName);
    await expect(page.getByLabel("Business address")).toHaveValue("754 Wall St, Los Angeles, CA 90014");

    failing = false;
    await page.getByRole("button", { name: "Send suggestion" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your suggestion has been received" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });
});

test.describe("tell me when a supplier is listed, sent without a connection", () => {
  test("offline, the form of an empty results page says so and keeps the address, which is sent once back online", async ({
    page,
    context,
    pageErrors,
  }) => {
    await controlledByWorker(page);
    await page.goto(EMPTY_RESULTS);
    await waitForHydration(page);
    const form = page.getByTestId("notify-me");
    const email = uniqueEmail("offline-notify");
    await context.setOffline(true);
    await form.getByLabel("Your email").fill(email);
    await form.getByRole("button", { name: "Tell me" }).click();

    await expect(form.getByRole("alert")).toHaveText(UNSENT);
    await expect(form.getByLabel("Your email")).toHaveValue(email);
    await expect(page).toHaveURL(/\/near\?zip=33137$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near 33137");

    await sendAgainOnline(page, form, email, () => context.setOffline(false));
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("lie-fi: the browser says online but the request fails; the results page's form stays with the address", async ({
    page,
    pageErrors,
  }) => {
    const connect = await failNotifyMePosts(page);
    await page.goto(EMPTY_RESULTS);
    await waitForHydration(page);
    const form = page.getByTestId("notify-me");
    const email = uniqueEmail("lie-fi-notify");
    await form.getByLabel("Your email").fill(email);
    await form.getByRole("button", { name: "Tell me" }).click();

    await expect(form.getByRole("alert")).toHaveText(UNSENT);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(form.getByLabel("Your email")).toHaveValue(email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near 33137");

    await sendAgainOnline(page, form, email, connect);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("lie-fi: a state page's form, where the visitor types the zipcode, stays with the address and the zipcode", async ({
    page,
    pageErrors,
  }) => {
    const connect = await failNotifyMePosts(page);
    await page.goto("/state/alaska");
    await waitForHydration(page);
    const form = page.getByTestId("notify-me");
    const email = uniqueEmail("lie-fi-state");
    await form.getByLabel("Your email").fill(email);
    await form.getByLabel("Zipcode").fill("99501");
    await form.getByLabel("Within").selectOption("50");
    await form.getByRole("button", { name: "Tell me" }).click();

    await expect(form.getByRole("alert")).toHaveText(UNSENT);
    await expect(form.getByLabel("Your email")).toHaveValue(email);
    await expect(form.getByLabel("Zipcode")).toHaveValue("99501");
    await expect(form.getByLabel("Within")).toHaveValue("50");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alaska Flower Wholesalers");

    await sendAgainOnline(page, form, email, connect);
    await expect(
      page.getByText("Once confirmed, we write to you one time, when a supplier is listed within 50 miles of 99501."),
    ).toBeVisible();
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("the signal drops just after the server took the address: /notify-me still says to check the inbox", async ({
    page,
    context,
    pageErrors,
  }) => {
    await page.goto(EMPTY_RESULTS);
    await waitForHydration(page);
    const email = uniqueEmail("dropped-after-answer");
    // The post reaches the server and its answer the page; then there is no connection.
    let pageLoads = 0;
    await page.route("**/notify-me.data*", async (route) => {
      if (route.request().method() !== "POST") {
        pageLoads++;
        return route.abort("internetdisconnected");
      }
      const response = await route.fetch();
      await context.setOffline(true);
      return route.fulfill({ response });
    });
    const form = page.getByTestId("notify-me");
    await form.getByLabel("Your email").fill(email);
    await form.getByRole("button", { name: "Tell me" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await expect(page).toHaveURL(/\/notify-me$/);
    await expect(page.getByRole("status")).toHaveText("Almost done: check your inbox and click the link we sent to confirm your request.");
    expect(pageLoads).toBe(0);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
    await context.setOffline(false);
    expect(confirmationMails(email)).toBe(1);
  });

  test("with a signal, the answers are /notify-me's as before: a refused address comes back there with its message", async ({
    page,
    pageErrors,
  }) => {
    await page.goto(EMPTY_RESULTS);
    await waitForHydration(page);
    await page.getByTestId("notify-me").getByLabel("Your email").fill("ann@localhost");
    await page.getByTestId("notify-me").getByRole("button", { name: "Tell me" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell me when a supplier is listed");
    await expect(page).toHaveURL(/\/notify-me$/);
    const form = page.getByTestId("notify-me");
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Your email")).toHaveValue("ann@localhost");

    const email = uniqueEmail("refused-then-sent");
    await form.getByLabel("Your email").fill(email);
    await sendAgainOnline(page, form, email, () => undefined);
    // The answer came with the navigation: the page loaded again is the form, as after a post.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell me when a supplier is listed");
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
  });
});

test.describe("the first visit", () => {
  test("the first page opened is kept once the worker is active, and reloads offline as a saved copy", async ({
    page,
    context,
    pageErrors,
  }) => {
    await page.goto(LISTING);
    await expect
      .poll(async () => Object.entries(await cachedUrls(page)).find(([name]) => name.startsWith("wff-pages-"))?.[1] ?? [], {
        timeout: 30_000,
      })
      .toEqual(expect.arrayContaining([LISTING, `${LISTING}.data`]));
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Flower Mall");
    await expect(savedCopyLine(page)).toHaveText(/^Saved copy from \d{1,2}:\d{2} [AP]M: you are offline$/);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });
});
