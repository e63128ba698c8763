import type { Browser } from "@playwright/test";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { E2E_ADMIN, expect, expectAccessible, test } from "./fixtures";

/**
 * "Tell me when a supplier is listed near me" end to end (issue #36, decision 044), on a server of its own that
 * sends its mail to a real SMTP server on loopback (the workers' servers keep theirs): a visitor without JavaScript
 * asks on an empty results page, confirms from the mail received, an admin approves a business's request within
 * the radius, and the visitor's one message names the listing.
 */

let sink: SmtpSink;
let server: RunningServer;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({
    SEED: "true",
    SMTP_URL: sink.url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    KEEP_ALIVE_TIMEOUT: "600",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The path and query of the message's link to `path` (the message links to SITE_URL; opened on this server). */
function linkIn(mail: ReceivedMail, path: string): string {
  const link = new RegExp(`https?://[^\\s/]+(${path.replace("?", "\\?")}[\\w-]+)`).exec(mail.text)?.[1];
  expect(link, `a ${path} link in the message`).toBeTruthy();
  return `${server.url}${link}`;
}

async function mailTo(address: string, subject: string | RegExp): Promise<ReceivedMail> {
  await expect
    .poll(
      () => sink.to(address).filter((mail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject))).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  return sink.to(address).find((mail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)))!;
}

async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test("a visitor on an empty results page asks to be told, confirms by mail, and gets one message when an approved listing is near", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = `waiting-${Date.now()}@example.com`;
  const business = `Biscayne Stem Wholesale ${Date.now()}`;

  // Miami: nothing within 25 miles. Without JavaScript the form is a plain form.
  const visitor = await withoutJavaScript(browser);
  await visitor.page.goto(`${server.url}/near?zip=33101`);
  const ask = visitor.page.getByTestId("notify-me");
  await expect(ask.getByRole("heading", { name: "Tell me when a supplier is listed within 25 miles of 33101" })).toBeVisible();
  await expect(ask.getByRole("link", { name: "List it" })).toHaveAttribute("href", "/list-your-business?zip=33101");
  // An address the browser lets through but the server refuses comes back with its message and the form.
  await ask.getByLabel("Your email").fill("ann@localhost");
  await ask.getByRole("button", { name: "Tell me" }).click();
  await expect(visitor.page.getByText("Please enter a valid email address.")).toBeVisible();
  const again = visitor.page.getByTestId("notify-me");
  await again.getByLabel("Your email").fill(email);
  await again.getByRole("button", { name: "Tell me" }).click();
  await expect(visitor.page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await expect(visitor.page.getByRole("status")).toHaveText(
    "Almost done: check your inbox and click the link we sent to confirm your request.",
  );

  const confirmation = await mailTo(email, "Confirm: tell me when a supplier is listed within 25 miles of 33101");
  await visitor.page.goto(linkIn(confirmation, "/notify-me/confirm?token="));
  await expect(visitor.page.getByRole("heading", { level: 1, name: "Confirm your request" })).toBeVisible();
  await visitor.page.getByRole("button", { name: "Confirm my request" }).click();
  await expect(visitor.page.getByRole("heading", { level: 1, name: "We will write to you" })).toBeVisible();
  await expect(visitor.page.getByRole("status")).toContainText(email);

  // "List your business" from that page says who waits there.
  await visitor.page.goto(`${server.url}/list-your-business?zip=33101`);
  await expect(visitor.page.getByTestId("waiting-near")).toContainText("1 person is waiting for a supplier near 33101.");
  const requested = await visitor.page.request.post(`${server.url}/list-your-business`, {
    form: {
      name: business,
      address: "200 Biscayne Blvd",
      city: "Miami",
      stateId: "florida",
      zipcode: "33101",
      type: "Wholesale",
      phone: "(305) 555-0142",
      website: "",
      access: "public-welcome",
      accessNote: "",
      description: "",
      website_url: "",
      submitterName: "Marta Owner",
      submitterEmail: "marta.owner@example.com",
      submitterRole: "owner",
    },
  });
  expect(requested.status()).toBe(200);
  await visitor.close();

  // The admin sees the demand, then approves the request.
  await page.goto(`${server.url}/admin/login?next=${encodeURIComponent("/admin/demand")}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demand" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("1 person waiting in 1 place for a supplier near them.")).toBeVisible();
  await expect(page.getByTestId("demand-mark")).toHaveCount(1);
  await expect(page.getByRole("table", { name: "Places by waiting requests" })).toContainText("33101");
  await expect(page.getByRole("table", { name: "Places by empty searches" })).toContainText("33101");
  await expectAccessible(page);
  await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("demand-figure")).toContainText("1 person waiting in 1 place");

  await page.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(business)}`);
  const request = page.getByRole("article", { name: business });
  await request.getByRole("button", { name: `Approve ${business}` }).click();
  await expect(page.getByText(`${business} is now listed.`).first()).toBeVisible();

  const listed = await mailTo(email, `${business} is now listed within 25 miles of 33101`);
  expect(listed.text).toContain(business);
  expect(listed.text).toContain("200 Biscayne Blvd, Miami, FL 33101");
  expect(listed.text).toMatch(/\/wholesalers\/\d+\/biscayne-stem-wholesale-\d+/);
  // One message: the request is fulfilled, and the demand view no longer counts it.
  await page.goto(`${server.url}/admin/demand`);
  await expect(page.getByText("0 people waiting in 0 places for a supplier near them.")).toBeVisible();
  expect(sink.to(email)).toHaveLength(2);
  assertNoUnexpectedServerLogs([server]);
});
