import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { acceptLoggedStatuses, E2E_ADMIN, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

const WRONG_CODE = "That code is not right, or it was used already. Try the newest code from your app.";

/**
 * A code the server takes now: that of the next 30-second step (one step ahead is accepted), so that it is never
 * the step that turned the factor on or signed in a moment ago (a step is used once).
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Sets two-step sign-in up on the account page as a person would, reading the key the page shows; returns it and the codes. */
async function setUp(page: Page, { checkAccessibility = false } = {}) {
  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("Off.")).toBeVisible();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code/ }).locator("svg")).toBeVisible();
  if (checkAccessibility) await expectAccessible(page);
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("2. Enter the 6-digit code the app shows").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status")).toHaveText("Two-step sign-in is on.");
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allTextContents();
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}$/);
  const download = page.getByRole("link", { name: "Download as text" });
  await expect(download).toHaveAttribute("download", "admin-recovery-codes.txt");
  expect(decodeURIComponent((await download.getAttribute("href"))!)).toContain(codes.join("\n"));
  if (checkAccessibility) await expectAccessible(page);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  return { secret, codes };
}

/** The password step: a right password leads to the code page, not into the admin area. */
async function enterPassword(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The password is hashed (scrypt, about half a second alone): allow for a busy machine.
  await expect(page).toHaveURL("/admin/login/code?next=%2Fadmin", { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
}

async function submitCode(page: Page, label: "Code" | "Recovery code", code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/admin/login");
}

const recoveryCodesLeft = () =>
  withDatabase(
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from admin_recovery_codes where used_at is null and admin_id = (select id from admin_users where email = ?)",
          )
          .get(E2E_ADMIN.email) as { n: number }
      ).n,
  );

test.describe("admin two-step sign-in", () => {
  test("is set up with an app, then asked for after the password; the password alone opens no admin page", async ({
    page,
    context,
    pageErrors,
  }) => {
    await loginAsAdmin(page, "/admin/account", { fresh: true });
    const { secret } = await setUp(page, { checkAccessibility: true });
    await expectAccessible(page);
    await signOut(page);

    await enterPassword(page);
    await expectAccessible(page);
    // The step is this browser's: a signed, HttpOnly cookie sent only to /admin, for five minutes; no session yet.
    const cookies = await context.cookies();
    const step = cookies.find((cookie) => cookie.name === "__Secure-wff_sign_in_step");
    expect(step).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/admin" });
    expect(step!.expires * 1000 - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(cookies.some((cookie) => cookie.name === "__Host-wff_session")).toBe(false);

    // With only the password, every admin page still sends to sign-in, and a mutation is refused.
    for (const path of ["/admin", "/admin/settings", "/admin/account"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(path)}`);
    }
    const origin = new URL(page.url()).origin;
    expect((await page.request.post("/admin/settings", { form: { intent: "x" }, headers: { Origin: origin } })).status()).toBe(401);

    // Back on the code page (the step is still live): a wrong code is refused, the right one signs in.
    await page.goto("/admin/login/code?next=%2Fadmin");
    await submitCode(page, "Code", "000000");
    await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
    await expect(page.getByLabel("Code", { exact: true })).toBeFocused();
    await submitCode(page, "Code", await nextCode(secret));
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === "__Secure-wff_sign_in_step")).toBe(false);
    acceptLoggedStatuses(pageErrors, 401);
  });

  test("takes a recovery code once, and turns off with the password", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin/account", { fresh: true });
    const { codes } = await setUp(page);
    await signOut(page);

    await enterPassword(page);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await expect(page.getByText("Enter one of the recovery codes you saved")).toBeVisible();
    await submitCode(page, "Recovery code", codes[0]!.toUpperCase());
    await expect(page).toHaveURL("/admin");
    expect(recoveryCodesLeft()).toBe(9);
    await signOut(page);

    // The same code a second time: refused.
    await enterPassword(page);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await submitCode(page, "Recovery code", codes[0]!);
    await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
    await expect(page).toHaveURL(/\/admin\/login\/code/);
    await submitCode(page, "Recovery code", codes[1]!);
    await expect(page).toHaveURL("/admin");

    await page.goto("/admin/account");
    await expect(page.getByText("8 of 10 recovery codes left.")).toBeVisible();
    await page
      .getByRole("region", { name: "Turn off two-step sign-in" })
      .getByLabel("A current code from your app, or your password")
      .fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("status")).toHaveText("Two-step sign-in is off. Your password alone signs you in again.");
    await signOut(page);
    // Off: the password alone signs in again, the helper of every other test included.
    await loginAsAdmin(page, "/admin", { fresh: true });
    acceptLoggedStatuses(pageErrors, 401);
  });

  test("a new password set through Forgot password still asks for the code", async ({ page }) => {
    const originalHash = withDatabase(
      (db) =>
        (db.prepare("select password_hash from admin_users where email = ?").get(E2E_ADMIN.email) as { password_hash: string })
          .password_hash,
    );
    const newPassword = "a new password after a reset";
    try {
      await loginAsAdmin(page, "/admin/account", { fresh: true });
      await setUp(page);
      await signOut(page);

      await page.getByRole("link", { name: "Forgot password?" }).click();
      // The sign-in page has an Email field too: fill the one of the page the link leads to.
      await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByLabel("Email")).toHaveCount(0);
      const mail = () =>
        withDatabase(
          (db) =>
            db
              .prepare("select status, text from mail_outbox where kind = 'password-reset' and recipient_normalized = ? order by id desc")
              .get(E2E_ADMIN.email) as { status: string; text: string } | undefined,
        );
      await expect.poll(() => mail()?.status).toBe("kept");
      const link = new URL(/https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(mail()!.text)![0]);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm the new password").fill(newPassword);
      await page.getByRole("button", { name: "Set the new password" }).click();
      await expect(page).toHaveURL("/admin/login?reset=done");

      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByLabel("Password").fill(newPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL("/admin/login/code?next=%2Fadmin", { timeout: 20_000 });
      await page.goto("/admin");
      await expect(page).toHaveURL("/admin/login?next=%2Fadmin");
    } finally {
      withDatabase((db) => db.prepare("update admin_users set password_hash = ? where email = ?").run(originalHash, E2E_ADMIN.email));
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("sets up, asks for the code and signs in with plain form posts", async ({ page, pageErrors }) => {
      await enterPasswordWithoutFactor(page);
      const { secret } = await setUp(page);
      await signOut(page);
      await enterPassword(page);
      await submitCode(page, "Code", "12345");
      await expect(page.getByRole("alert")).toContainText("Enter the 6-digit code from your authenticator app (such as 123456)");
      await submitCode(page, "Code", await nextCode(secret));
      await expect(page).toHaveURL("/admin");
      await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
      acceptLoggedStatuses(pageErrors, 400);
    });
  });
});

/** Signs in with the password alone (no factor yet), without the page's script, onto the account page. */
async function enterPasswordWithoutFactor(page: Page) {
  await page.goto("/admin/login?next=%2Fadmin%2Faccount");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin/account", { timeout: 20_000 });
}
