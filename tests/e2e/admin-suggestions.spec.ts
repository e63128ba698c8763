import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const uniqueTag = () => `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

interface Suggestion {
  businessName: string;
  businessAddress: string;
  contactName?: string;
  email?: string;
  additionalInfo?: string;
  status?: string;
}

/** Stores suggestions as the About form does (the form itself allows 5 an hour per address). */
function insertSuggestions(suggestions: Suggestion[]) {
  withDatabase((db) => {
    const insert = db.prepare(
      "insert into location_suggestions (business_name, contact_name, email, business_address, additional_info, status, ip, created_at, reviewed_at) values (?, ?, ?, ?, ?, ?, '198.51.100.7', ?, ?)",
    );
    for (const s of suggestions) {
      const status = s.status ?? "pending";
      insert.run(
        s.businessName,
        s.contactName ?? null,
        s.email ?? null,
        s.businessAddress,
        s.additionalInfo ?? null,
        status,
        "2026-03-01T17:30:00.000Z",
        status === "pending" ? null : "2026-03-02T17:30:00.000Z",
      );
    }
  });
}

const auditActions = (id: number) =>
  withDatabase((db) =>
    (
      db
        .prepare("select action from audit_log where entity_id = ? and entity_type = 'location_suggestion' order by id")
        .all(String(id)) as {
        action: string;
      }[]
    ).map((a) => a.action),
  );

const suggestionRow = (name: string) =>
  withDatabase((db) => db.prepare("select id, status, reviewed_at from location_suggestions where business_name = ?").get(name)) as {
    id: number;
    status: string;
    reviewed_at: string | null;
  };

test.describe("admin suggestions", () => {
  test("the same business suggested twice shows each as the other's possible duplicate, linked", async ({ page }) => {
    const tag = uniqueTag();
    insertSuggestions([
      { businessName: `${tag} Rose Depot`, businessAddress: "77 Bloom Ave, Reno, NV 89501" },
      { businessName: `${tag} Rose Depot Wholesale`, businessAddress: "77 Bloom Avenue, Reno, NV 89501", contactName: "Second Sender" },
      { businessName: `${tag} Tulip Yard`, businessAddress: "3 Canal St, Reno, NV 89501" },
    ]);
    await loginAsAdmin(page, `/admin/suggestions?q=${tag}`);
    await expect(rows(page)).toHaveCount(3);
    const row = (name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
    const first = row(`${tag} Rose Depot`);
    const duplicate = first.getByRole("alert");
    await expect(duplicate).toContainText("Possible duplicate");
    await expect(duplicate).toContainText("This business may already be listed or suggested.");
    await expect(duplicate.getByRole("link")).toHaveText(
      `Also suggested: ${tag} Rose Depot Wholesale, 77 Bloom Avenue, Reno, NV 89501 (pending, sent 2026-03-01)`,
    );
    await expect(row(`${tag} Rose Depot Wholesale`).getByRole("alert")).toContainText(`Also suggested: ${tag} Rose Depot,`);
    // Another business in the same city is not one.
    await expect(
      rows(page)
        .filter({ hasText: `${tag} Tulip Yard` })
        .getByRole("alert"),
    ).toHaveCount(0);
    await expectAccessible(page);

    await duplicate.getByRole("link").click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText("Second Sender");
  });

  test("shows pending suggestions by default with everything the visitor sent, searches them and filters by status", async ({ page }) => {
    const tag = uniqueTag();
    insertSuggestions([
      {
        businessName: `${tag} Bloom Depot`,
        businessAddress: "421 Market St, San Francisco, CA 94105",
        contactName: "Maria Lopez",
        email: `maria.${tag.toLowerCase()}@example.com`,
        additionalInfo: "Open Mon-Sat 5AM-11AM.\nParking in back.",
      },
      { businessName: `${tag} Stem City`, businessAddress: "Corner of 5th and Main" },
      { businessName: `${tag} Old Idea`, businessAddress: "9 Elm St, Boise, ID 83702", status: "rejected" },
    ]);
    await loginAsAdmin(page, `/admin/suggestions?q=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Suggestions" })).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("pending");
    await expect(rows(page)).toHaveCount(2);
    const depot = rows(page).filter({ hasText: `${tag} Bloom Depot` });
    for (const text of [
      "421 Market St, San Francisco, CA 94105",
      "Maria Lopez",
      `maria.${tag.toLowerCase()}@example.com`,
      "Open Mon-Sat 5AM-11AM.",
      "Parking in back.",
    ]) {
      await expect(depot).toContainText(text);
    }
    await expect(depot.locator("time").first()).toHaveAttribute("datetime", "2026-03-01T17:30:00.000Z");
    await expect(rows(page).filter({ hasText: `${tag} Stem City` })).toContainText("Anonymous");
    await expectAccessible(page);

    await page.getByLabel("Search suggestions").fill(`${tag} stem`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("Search suggestions").fill("maria lopez");
    await expect(rows(page).filter({ hasText: `${tag} Bloom Depot` })).toHaveCount(1);
    await page.getByLabel("Search suggestions").fill(`maria.${tag}`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("Search suggestions").fill("san francisco, ca 94105");
    await expect(rows(page).filter({ hasText: `${tag} Bloom Depot` })).toHaveCount(1);

    await page.getByLabel("Search suggestions").fill(tag);
    await page.getByLabel("Status").selectOption("rejected");
    await expect(page).toHaveURL(/status=rejected/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${tag} Old Idea`);
    await expect(rows(page).first()).toContainText("Rejected");
    await expect(
      rows(page)
        .first()
        .getByRole("button", { name: /^Reject/ }),
    ).toHaveCount(0);
    // A rejected suggestion may still become a listing.
    await expect(
      rows(page)
        .first()
        .getByRole("link", { name: `Add as wholesaler: ${tag} Old Idea` }),
    ).toBeVisible();

    await page.getByLabel("Status").selectOption("accepted");
    await expect(page.getByText("No accepted suggestions match your search.")).toBeVisible();
  });

  test("reject marks the suggestion and takes it off the pending list", async ({ page }) => {
    const name = `${uniqueTag()} Reject Me`;
    insertSuggestions([{ businessName: name, businessAddress: "1 Spam Rd, Nowhere, ZZ" }]);
    await loginAsAdmin(page, `/admin/suggestions?q=${encodeURIComponent(name)}`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("button", { name: `Reject ${name}` }).click();
    await expect(toasts(page).getByText(`${name} was rejected.`)).toBeVisible();
    await expect(page.getByText("No pending suggestions match your search.")).toBeVisible();

    const row = suggestionRow(name);
    expect(row.status).toBe("rejected");
    expect(row.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      withDatabase((db) =>
        db.prepare("select action, actor from audit_log where entity_id = ? and entity_type = 'location_suggestion'").all(String(row.id)),
      ),
    ).toEqual([{ action: "location_suggestion.reject", actor: "admin@example.com" }]);

    await page.getByLabel("Status").selectOption("rejected");
    await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  });

  test("'Add as wholesaler' opens the add dialog filled with what was sent; closing it leaves the suggestion pending, saving accepts it", async ({
    page,
  }) => {
    const name = `${uniqueTag()} Accept Me`;
    insertSuggestions([
      {
        businessName: name,
        businessAddress: "31 Orchid Ave, Los Angeles, CA 90014",
        contactName: "Sam",
        additionalInfo: "Open to the public after 9am.",
      },
    ]);
    const { id } = suggestionRow(name);
    await loginAsAdmin(page, `/admin/suggestions?q=${encodeURIComponent(name)}`);
    await expect(
      rows(page)
        .first()
        .getByRole("button", { name: /^Accept/ }),
    ).toHaveCount(0);
    await page.getByRole("link", { name: `Add as wholesaler: ${name}` }).click();

    await expect(page).toHaveURL(/\/admin\/wholesalers\/new\?/);
    const dialog = page.getByRole("dialog", { name: "Add Wholesaler" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("From a visitor's suggestion: saving the listing marks the suggestion accepted.");
    await expect(dialog.getByLabel("Business name")).toHaveValue(name);
    await expect(dialog.getByLabel("Street address")).toHaveValue("31 Orchid Ave");
    await expect(dialog.getByLabel("City")).toHaveValue("Los Angeles");
    await expect(dialog.getByLabel("State")).toHaveValue("california");
    await expect(dialog.getByLabel("Zipcode")).toHaveValue("90014");
    // What the visitor wrote is for the admins only: it never becomes the public description.
    await expect(dialog.getByLabel("Description")).toHaveValue("");
    await expect(dialog.getByLabel("Admin note")).toHaveValue("Suggested by a visitor (Sam): Open to the public after 9am.");

    // Closed without saving, the suggestion stays pending and can be opened again.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/wholesalers");
    expect(suggestionRow(name)).toEqual({ id, status: "pending", reviewed_at: null });
    expect(auditActions(id)).toEqual([]);
    await page.goto(`/admin/suggestions?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Add as wholesaler: ${name}` }).click();

    await page.getByRole("dialog", { name: "Add Wholesaler" }).getByRole("button", { name: "Add wholesaler" }).click();
    await expect(toasts(page).getByText(`${name} was added.`)).toBeVisible();
    const row = suggestionRow(name);
    expect(row.status).toBe("accepted");
    expect(row.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const listing = withDatabase((db) =>
      db
        .prepare(
          "select w.id, w.description, w.admin_note from wholesalers w join location_suggestions s on s.wholesaler_id = w.id where s.id = ?",
        )
        .get(id),
    ) as { id: number; description: string; admin_note: string };
    expect(listing).toEqual({
      id: expect.any(Number),
      description: "",
      admin_note: "Suggested by a visitor (Sam): Open to the public after 9am.",
    });
    expect(auditActions(id)).toEqual(["location_suggestion.accept"]);

    // Accepted, it leads to its listing and is not offered as a new wholesaler again, nor taken by the server.
    await page.goto(`/admin/suggestions?status=accepted&q=${encodeURIComponent(name)}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(
      rows(page)
        .first()
        .getByRole("link", { name: `Listing: ${name}` }),
    ).toBeVisible();
    await expect(
      rows(page)
        .first()
        .getByRole("link", { name: /Add as wholesaler/ }),
    ).toHaveCount(0);
    await expect(
      rows(page)
        .first()
        .getByRole("button", { name: /^Reject/ }),
    ).toHaveCount(0);
    const again = await page.request.post("/admin/wholesalers", {
      form: {
        intent: "create",
        suggestion: String(id),
        name,
        address: "31 Orchid Ave",
        city: "Los Angeles",
        stateId: "california",
        zipcode: "90014",
        type: "Wholesale",
      },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("This suggestion was already added as a listing. Find that listing under Wholesalers.");
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 1 });

    await page.goto("/state/california");
    await expect(page.getByTestId("wholesaler-card").filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByText("Open to the public after 9am.")).toHaveCount(0);
  });

  test("saving a suggestion that may already be listed shows the possible duplicate and needs a confirmation", async ({
    page,
    pageErrors,
  }) => {
    const tag = uniqueTag();
    const name = `${tag} Rose Depot Inc`;
    withDatabase((db) =>
      db
        .prepare(
          "insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, created_at, updated_at) values (?, '88 Fern St', 'Los Angeles', 'california', '90014', 'Wholesale', '', '', 34.0434, -118.2509, 0, ?, ?)",
        )
        .run(`${tag} Rose Depot`, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"),
    );
    insertSuggestions([{ businessName: name, businessAddress: "88 Fern Street, Los Angeles, CA 90014" }]);
    await loginAsAdmin(page, `/admin/suggestions?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Add as wholesaler: ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Add Wholesaler" });
    await dialog.getByRole("button", { name: "Add wholesaler" }).click();

    const warning = dialog.getByRole("alert");
    await expect(warning).toContainText("Possible duplicate");
    await expect(warning).toContainText(
      `${tag} Rose Depot, 88 Fern St, Los Angeles, California 90014 (similar name in the same zipcode; same street address)`,
    );
    acceptLoggedFailures(pageErrors, /status of 409/);
    expect(suggestionRow(name).status).toBe("pending");
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 0 });
    await expectAccessible(page);

    await dialog.getByLabel("It is a different business: add it anyway").check();
    await dialog.getByRole("button", { name: "Add wholesaler" }).click();
    await expect(toasts(page).getByText(`${name} was added.`)).toBeVisible();
    expect(suggestionRow(name).status).toBe("accepted");
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 1 });
  });

  test("tells the admin when someone else decided first, and shows the list as it is now", async ({ page, pageErrors }) => {
    const name = `${uniqueTag()} Decided Elsewhere`;
    insertSuggestions([{ businessName: name, businessAddress: "5 Oak Ave, Austin, TX 78701" }]);
    await loginAsAdmin(page, `/admin/suggestions?q=${encodeURIComponent(name)}`);
    await expect(rows(page)).toHaveCount(1);
    withDatabase((db) =>
      db
        .prepare("update location_suggestions set status = 'rejected', reviewed_at = ? where business_name = ?")
        .run(new Date().toISOString(), name),
    );
    await page.getByRole("button", { name: `Reject ${name}` }).click();
    await expect(
      toasts(page).getByText("This suggestion was already marked rejected by someone else. The list now shows its current state."),
    ).toBeVisible();
    await expect(page.getByText("No pending suggestions match your search.")).toBeVisible();
    expect(suggestionRow(name).status).toBe("rejected");
    await expect(page).toHaveURL(/\/admin\/suggestions/);
    acceptLoggedFailures(pageErrors, /status of 409/);
  });

  test("sends visitors without a session to sign in; its action answers 401 without one and 403 from another site", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const name = `${uniqueTag()} Guarded`;
    insertSuggestions([{ businessName: name, businessAddress: "1 Main St, Albany, NY 12207" }]);
    const { id } = suggestionRow(name);

    await page.goto("/admin/suggestions?status=rejected");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fsuggestions%3Fstatus%3Drejected");

    const form = { intent: "reject", id: String(id), status: "pending" };
    const anonymous = await playwright.request.newContext({ baseURL });
    const noSession = await anonymous.post("/admin/suggestions", { form });
    expect(noSession.status()).toBe(401);
    expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    await anonymous.dispose();

    await loginAsAdmin(page, "/admin/suggestions");
    const crossSite = await page.request.post("/admin/suggestions", { form, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
    expect(suggestionRow(name).status).toBe("pending");
  });
});
