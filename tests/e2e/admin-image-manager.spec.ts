import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

test.describe("admin image manager", () => {
  test("uploads a photo for a business and the public state page shows it", async ({ page }) => {
    const target = withDatabase((db) =>
      db.prepare("select w.id, w.name from wholesalers w where w.state_id = 'texas' order by w.name limit 1").get(),
    ) as { id: number; name: string };
    await loginAsAdmin(page, "/admin/image-manager");
    await expect(page.getByRole("heading", { level: 1, name: "Image Manager" })).toBeVisible();
    await expect(page.getByLabel("State")).toHaveValue("california");
    await expect(page.getByText("Select a business to upload images")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("State").selectOption("texas");
    await expect(page).toHaveURL(/state=texas/);
    await page.getByLabel("Business").selectOption(String(target.id));
    await expect(page.getByRole("heading", { level: 2, name: target.name })).toBeVisible();

    const jpeg = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#c2185b" } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "storefront.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await expect(page.getByText("storefront.jpg: file uploaded successfully")).toBeVisible();
    await expect(notifications(page).getByText("Image uploaded successfully")).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    const stored = withDatabase((db) => db.prepare("select image from wholesalers where id = ?").get(target.id)) as { image: string };
    expect(stored.image).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/);
    await expect(page.getByRole("img", { name: `Photo of ${target.name}` })).toHaveAttribute("src", stored.image);

    await page.goto("/state/texas");
    const card = page.getByRole("img", { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
    await expect(card).toHaveAttribute("src", stored.image);
    await expect(card).toHaveAttribute("srcset", /-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w/);
  });

  test("checks type and size in the browser before sending anything", async ({ page }) => {
    const target = withDatabase((db) => db.prepare("select id from wholesalers where state_id = 'texas' order by name limit 1").get()) as {
      id: number;
    };
    await loginAsAdmin(page, `/admin/image-manager?state=texas&business=${target.id}`);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/upload/")) uploads.push(request.url());
    });
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid file type. Please upload a JPG, PNG or WebP file." })).toBeVisible();
    await expect(notifications(page).getByText("Upload Failed")).toBeVisible();

    await input.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByRole("alert").filter({ hasText: "File size exceeds the maximum limit of 5MB." })).toBeVisible();
    expect(uploads).toEqual([]);
  });

  test("shows the server's message when it refuses a file", async ({ page, pageErrors }) => {
    const target = withDatabase((db) =>
      db.prepare("select id from wholesalers where state_id = 'newyork' order by name limit 1").get(),
    ) as { id: number };
    await loginAsAdmin(page, `/admin/image-manager?state=newyork&business=${target.id}`);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
    await expect(
      page.getByRole("alert").filter({ hasText: "Unsupported image format. Please upload a JPG, PNG or WebP image." }),
    ).toBeVisible();
    await expect(notifications(page).getByText("Upload Failed")).toBeVisible();
    acceptLoggedFailures(pageErrors, /status of 415/);
  });

  test("refuses a drop before a business is chosen", async ({ page }) => {
    await loginAsAdmin(page, "/admin/image-manager");
    const zone = page.getByText("Select a business to upload images");
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["x"], "photo.jpg", { type: "image/jpeg" }));
      return transfer;
    });
    await zone.dispatchEvent("drop", { dataTransfer });
    await expect(notifications(page).getByText("Please select a business first")).toBeVisible();
  });
});
