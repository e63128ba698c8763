import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("admin wholesalers", () => {
  test("lists 10 a page, with the page count from the filtered results", async ({ page }) => {
    await loginAsAdmin(page, "/admin/wholesalers");
    await expect(page.getByRole("heading", { level: 1, name: "Wholesalers" })).toBeVisible();
    const total = withDatabase((db) => (db.prepare("select count(*) n from wholesalers").get() as { n: number }).n);
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(10);
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();

    await page.getByLabel("Type").selectOption("Wholesale");
    await expect(page).toHaveURL(/type=Wholesale/);
    const wholesale = withDatabase(
      (db) => (db.prepare("select count(*) n from wholesalers where type = 'Wholesale'").get() as { n: number }).n,
    );
    expect(wholesale).toBeGreaterThan(0);
    await expect(page.getByText(`Page 1 of ${Math.ceil(wholesale / 10)}`)).toBeVisible();
    for (const cell of await page.getByRole("table").locator("tbody tr td:nth-child(4)").allTextContents()) expect(cell).toBe("Wholesale");

    await page.getByLabel("State", { exact: true }).selectOption("newyork");
    await expect(page).toHaveURL(/state=newyork/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("searches name, city and state, and says when nothing matches", async ({ page }) => {
    await loginAsAdmin(page, "/admin/wholesalers");
    await page.getByLabel("Search wholesalers").fill("seattle");
    await expect(page).toHaveURL(/q=seattle/);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows.first()).toContainText(/Seattle/i);
    await page.getByLabel("Search wholesalers").fill("no-such-florist-anywhere");
    await expect(page.getByText("No wholesalers found matching your criteria")).toBeVisible();
  });

  test("adds, edits and deletes a wholesaler, with the audit log and the public page following", async ({ page, pageErrors }) => {
    const name = unique("E2E Blooms");
    await loginAsAdmin(page, "/admin/wholesalers/new");
    const dialog = page.getByRole("dialog", { name: "Add Wholesaler" });
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Add wholesaler" }).click();
    await expect(dialog.getByText("Enter the business name (at least 2 characters).")).toBeVisible();
    await expect(dialog.getByText("A zipcode is exactly 5 digits.")).toBeVisible();

    await dialog.getByLabel("Business name").fill(name);
    await dialog.getByLabel("Street address").fill("100 Test Market St");
    await dialog.getByLabel("City").fill("Portland");
    await dialog.getByLabel("State").selectOption("oregon");
    await dialog.getByLabel("Zipcode").fill("90014");
    await dialog.getByRole("button", { name: "Add wholesaler" }).click();
    await expect(dialog.getByText("Zipcode 90014 is in Los Angeles, CA, not in Oregon.")).toBeVisible();

    // The two refused saves answered 400, which the browser logs.
    acceptLoggedFailures(pageErrors, /status of 400/);
    await dialog.getByLabel("Zipcode").fill("97214");
    await dialog.getByRole("button", { name: "Add wholesaler" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText(`${name} was added.`)).toBeVisible();

    const row = withDatabase((db) => db.prepare("select id, latitude, updated_at from wholesalers where name = ?").get(name)) as {
      id: number;
      latitude: number;
    };
    expect(row.latitude).toBeCloseTo(45.51, 1);
    const audit = withDatabase((db) =>
      db.prepare("select action, actor from audit_log where entity_type = 'wholesaler' and entity_id = ?").all(String(row.id)),
    );
    expect(audit).toEqual([{ action: "wholesaler.create", actor: "admin@example.com" }]);

    const publicPage = await page.request.get("/state/oregon");
    expect(await publicPage.text()).toContain(name);

    await page.getByLabel("Search wholesalers").fill(name);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await edit.getByLabel("Hours note").fill("Mon-Fri 5AM-11AM");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    expect(withDatabase((db) => db.prepare("select hours from wholesalers where id = ?").get(row.id))).toEqual({
      hours: "Mon-Fri 5AM-11AM",
    });

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this wholesaler? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No wholesalers found matching your criteria")).toBeVisible();
    const actions = withDatabase((db) =>
      db.prepare("select action from audit_log where entity_type = 'wholesaler' and entity_id = ? order by id").all(String(row.id)),
    );
    expect(actions).toEqual([{ action: "wholesaler.create" }, { action: "wholesaler.update" }, { action: "wholesaler.delete" }]);
  });

  test("refuses to save over someone else's change", async ({ page, pageErrors }) => {
    const name = unique("E2E Conflict Flowers");
    withDatabase((db) =>
      db
        .prepare(
          "insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, created_at, updated_at) values (?, '1 Main St', 'Austin', 'texas', '78701', 'Retail', '', '', 30.27, -97.74, 0, ?, ?)",
        )
        .run(name, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"),
    );
    await loginAsAdmin(page, `/admin/wholesalers?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    withDatabase((db) => db.prepare("update wholesalers set updated_at = ? where name = ?").run("2026-02-02T00:00:00.000Z", name));
    await edit.getByLabel("City").fill("Round Rock");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByRole("alert")).toContainText("This wholesaler was changed by someone else since you opened it.");
    expect(withDatabase((db) => db.prepare("select city from wholesalers where name = ?").get(name))).toEqual({ city: "Austin" });
    acceptLoggedFailures(pageErrors, /status of 409/);
  });

  test("records who may buy, weekly hours and verification; Needs checking and the public card follow", async ({ page }) => {
    const name = unique("E2E Dawn Market");
    withDatabase((db) =>
      db
        .prepare(
          "insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, time_zone, verified_at, created_at, updated_at) values (?, '2 Market St', 'Portland', 'oregon', '97214', 'Wholesale', '', 'Greens by the case.', 45.51, -122.64, 0, 'America/Los_Angeles', '2024-03-01', ?, ?)",
        )
        .run(name, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"),
    );
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    const month = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${today}T00:00:00Z`),
    );

    // Verified in March 2024: older than 12 months, so it needs checking.
    await loginAsAdmin(page, `/admin/wholesalers?verification=needs-checking&q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Mar 2024");
    await row.getByRole("button", { name: `Mark verified today: ${name}` }).click();
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText(`${name} is marked verified today.`)).toBeVisible();
    // Verified today, it leaves the Needs checking view.
    await expect(page.getByText("No wholesalers found matching your criteria")).toBeVisible();
    expect(withDatabase((db) => db.prepare("select verified_at from wholesalers where name = ?").get(name))).toEqual({
      verified_at: today,
    });

    await page.getByLabel("Verification").selectOption("");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(month);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await edit.getByLabel("Who may buy").selectOption("trade-only");
    await edit.getByLabel("Note on buying").fill("Bring a resale certificate");
    await edit.getByLabel("This listing has set weekly hours").check();
    for (const day of ["Monday", "Saturday", "Sunday"]) {
      const closed = edit.getByLabel(`Closed on ${day}`);
      if (await closed.isChecked()) await closed.uncheck();
      await edit.getByLabel(`${day} opens`).fill("00:00");
      await edit.getByLabel(`${day} closes`).fill("00:00");
    }
    await edit.getByRole("button", { name: "Copy Monday to weekdays" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();

    const saved = withDatabase((db) =>
      db.prepare("select access, access_note, opening_hours, verified_at from wholesalers where name = ?").get(name),
    ) as { access: string; access_note: string; opening_hours: string; verified_at: string };
    expect(saved).toMatchObject({ access: "trade-only", access_note: "Bring a resale certificate", verified_at: today });
    const allDay = [{ open: "00:00", close: "24:00" }];
    expect(JSON.parse(saved.opening_hours)).toEqual({
      mon: allDay,
      tue: allDay,
      wed: allDay,
      thu: allDay,
      fri: allDay,
      sat: allDay,
      sun: allDay,
    });
    const actions = withDatabase((db) =>
      db
        .prepare(
          "select action from audit_log where entity_type = 'wholesaler' and entity_id = (select cast(id as text) from wholesalers where name = ?) order by id",
        )
        .all(name),
    );
    expect(actions).toEqual([{ action: "wholesaler.verify" }, { action: "wholesaler.update" }]);

    // The list filters by who may buy.
    await page.getByLabel("Who may buy").selectOption("trade-only");
    await expect(page).toHaveURL(/access=trade-only/);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    await page.getByLabel("Who may buy").selectOption("public-welcome");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

    // The visitor's card says who may buy, that it is open, and when it was verified.
    await page.goto("/state/oregon");
    const card = page.getByTestId("wholesaler-card").filter({ hasText: name });
    await expect(card.getByTestId("access-badge")).toHaveText("Trade only");
    await expect(card).toContainText("Bring a resale certificate");
    await expect(card.getByTestId("open-status")).toContainText("Open 24 hours");
    await expect(card.getByTestId("verified")).toContainText(`Verified ${month}`);
  });

  test("its mutations answer 401 without a session and 403 from another site", async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const noSession = await anonymous.post("/admin/wholesalers", { form: { intent: "delete", id: "1", updatedAt: "x" } });
    expect(noSession.status()).toBe(401);
    expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    await anonymous.dispose();

    await loginAsAdmin(page, "/admin/wholesalers");
    const crossSite = await page.request.post("/admin/wholesalers", {
      form: { intent: "delete", id: "1", updatedAt: "x" },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    expect(withDatabase((db) => db.prepare("select count(*) n from wholesalers where id = 1").get())).toEqual({ n: 1 });
  });
});
