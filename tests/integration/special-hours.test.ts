import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "~/services/tools/csv";
import { startSignedIn } from "../support/admin-session";
import { runPostgres } from "../support/postgres";
import type { RunningServer } from "../support/server";

/**
 * Special hours and closed status through the production build, on SQLite and PostgreSQL (issue #36): what the
 * admin saves is in the JSON API (`specialHours`, `status`, `closedUntil`), a permanently closed listing leaves the
 * lists but keeps its page (with its banner and noindex), and the CSV export carries them and imports back unchanged.
 */

const PLACE = { address: "1 Market St", city: "Portland", stateId: "oregon", zipcode: "97201", type: "Wholesale" };
const SPECIAL = [
  {
    from: "2099-02-08",
    to: "2099-02-13",
    ranges: [{ open: "03:00", close: "14:00" }],
    note: "Valentine's week: public 6 AM-2 PM, trade from 3 AM",
  },
  { from: "2099-02-14", to: "2099-02-14", ranges: [], note: "Closed | resting after the rush" },
];
const LISTINGS = {
  open: { ...PLACE, name: "Hours Test Open Stems", specialHours: JSON.stringify(SPECIAL) },
  // As the editor sends it without JavaScript: one exception a line in a text field.
  plain: { ...PLACE, name: "Hours Test Plain Stems", "specialHours.text": "2099-05-09 closed | Mother's Day" },
  resting: { ...PLACE, name: "Hours Test Resting Stems", status: "temporarily-closed", closedUntil: "2099-03-01" },
  gone: { ...PLACE, name: "Hours Test Gone Stems", status: "permanently-closed" },
};

interface ApiWholesaler {
  id: number;
  name: string;
  specialHours: unknown;
  status: string;
  closedUntil: string | null;
}

for (const database of ["sqlite", "postgres"] as const) {
  describe.runIf(database === "sqlite" || runPostgres)(`special hours and closed status on ${database}`, () => {
    let server: RunningServer;
    let cookie: string;
    let stop: (() => Promise<void>) | undefined;
    const ids: Record<string, number> = {};

    const json = async <T>(path: string): Promise<T> => {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const names = (list: { name: string }[]) => list.map((w) => w.name).filter((name) => name.startsWith("Hours Test"));

    beforeAll(async () => {
      ({ server, cookie, stop } = await startSignedIn(database));
      for (const [key, listing] of Object.entries(LISTINGS)) {
        const saved = await fetch(`${server.url}/admin/wholesalers.data`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "create", ...listing }),
        });
        expect(saved.status).toBe(200);
        expect(await saved.text()).toContain("was added.");
        // The site's text search still finds a permanently closed listing by its name, and links to its page.
        const search = await (await fetch(`${server.url}/search?q=${encodeURIComponent(listing.name)}`)).text();
        ids[key] = Number(new RegExp(`/wholesalers/(\\d+)/${listing.name.toLowerCase().replaceAll(" ", "-")}`).exec(search)?.[1]);
        expect(ids[key], listing.name).toBeGreaterThan(0);
      }
    });
    afterAll(async () => {
      await stop?.();
    });

    it("answers specialHours, status and closedUntil, leaves the permanently closed out and sorts the temporarily closed last", async () => {
      const byZipcode = await json<ApiWholesaler[]>("/api/wholesalers/zipcode/97201");
      expect(names(byZipcode)).toEqual(["Hours Test Open Stems", "Hours Test Plain Stems", "Hours Test Resting Stems"]);
      expect(byZipcode.find((w) => w.name === "Hours Test Plain Stems")).toMatchObject({
        specialHours: [{ from: "2099-05-09", to: "2099-05-09", ranges: [], note: "Mother's Day" }],
      });
      expect(byZipcode.find((w) => w.name === "Hours Test Open Stems")).toMatchObject({
        specialHours: SPECIAL,
        status: "open",
        closedUntil: null,
      });
      expect(byZipcode.at(-1)).toMatchObject({
        name: "Hours Test Resting Stems",
        specialHours: [],
        status: "temporarily-closed",
        closedUntil: "2099-03-01",
      });

      const near = await json<{ within: ApiWholesaler[] }>("/api/wholesalers/near?zip=97201&radius=25");
      expect(names(near.within)).toEqual(["Hours Test Open Stems", "Hours Test Plain Stems", "Hours Test Resting Stems"]);
      expect(names(await json<ApiWholesaler[]>("/api/wholesalers/state/oregon"))).toEqual([
        "Hours Test Open Stems",
        "Hours Test Plain Stems",
        "Hours Test Resting Stems",
      ]);
      expect(names(await json<ApiWholesaler[]>("/api/wholesalers/zipcode/97201/nearest"))).not.toContain("Hours Test Gone Stems");
    });

    it("keeps a permanently closed listing's page, with its banner, noindex and open listings near it", async () => {
      const states = await fetch(`${server.url}/state/oregon`);
      expect(await states.text()).not.toContain("Hours Test Gone Stems");
      // Nor is it in the sitemap: its page says noindex.
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`/wholesalers/${ids.open}/hours-test-open-stems`);
      expect(sitemap).not.toContain(`/wholesalers/${ids.gone}/`);
      const response = await fetch(`${server.url}/wholesalers/${ids.gone}/hours-test-gone-stems`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("This business has closed permanently.");
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      expect(html).toContain("Nearest open suppliers");
      expect(html).not.toContain("Hours Test Resting Stems");

      const open = await (await fetch(`${server.url}/wholesalers/${ids.open}/hours-test-open-stems`)).text();
      expect(open).not.toMatch(/<meta name="robots" content="noindex"/);
      expect(open).toContain("Valentine&#x27;s week: public 6 AM-2 PM, trade from 3 AM");
      // The search engines read the dates to come too: a closed day opens and closes at 00:00.
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(open)?.[1] ?? "{}";
      expect(JSON.parse(ld).specialOpeningHoursSpecification).toContainEqual({
        "@type": "OpeningHoursSpecification",
        opens: "00:00",
        closes: "00:00",
        validFrom: "2099-02-14",
        validThrough: "2099-02-14",
      });
    });

    it("exports them to CSV and imports the file back unchanged", async () => {
      const exported = await fetch(`${server.url}/admin/wholesalers.csv?q=Hours+Test`, { headers: { cookie } });
      const csv = await exported.text();
      const [header = [], ...rows] = parseCsv(csv);
      const cells = Object.fromEntries(rows.map((row) => [row[0], Object.fromEntries(header.map((column, i) => [column, row[i]]))]));
      expect(cells["Hours Test Open Stems"]).toMatchObject({
        special_hours:
          "2099-02-08 to 2099-02-13 03:00-14:00 | Valentine's week: public 6 AM-2 PM, trade from 3 AM\n2099-02-14 closed | Closed | resting after the rush",
        status: "open",
        closed_until: "",
      });
      expect(cells["Hours Test Resting Stems"]).toMatchObject({
        special_hours: "",
        status: "temporarily-closed",
        closed_until: "2099-03-01",
      });
      expect(cells["Hours Test Gone Stems"]).toMatchObject({ status: "permanently-closed" });

      const form = new FormData();
      form.append("intent", "dry-run");
      form.append("fingerprint", "");
      form.append("file", new Blob([csv], { type: "text/csv" }), "wholesalers.csv");
      const dryRun = await fetch(`${server.url}/admin/tools/import`, { method: "POST", headers: { cookie }, body: form });
      expect(dryRun.status).toBe(200);
      expect(await dryRun.json()).toMatchObject({ rows: 4, created: 0, updated: 0, unchanged: 4, rejected: 0, rejections: [] });
    });
  });
}
