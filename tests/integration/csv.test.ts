import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "~/services/tools/csv";
import { importFingerprint } from "~/services/tools/import.server";
import { startSignedIn } from "../support/admin-session";
import { runPostgres } from "../support/postgres";
import type { RunningServer } from "../support/server";

/**
 * The admin CSV files through the production build (#14): export cells a spreadsheet would run as formulas
 * are guarded with a single quote, the import takes it off again so that export -> import changes nothing,
 * and a file the import cannot read is refused with the line of the problem (and its row where they differ)
 * and nothing written.
 */

/** A listing whose text starts with each character a spreadsheet reads as the start of a formula. */
const LISTING = {
  name: '=HYPERLINK("http://evil.example","Click")',
  address: "-1 Market St",
  city: "Portland",
  stateId: "oregon",
  zipcode: "97201",
  type: "Wholesale",
  hours: "+ early on Saturdays",
  description: "@everyone: tulips by the bunch",
  phone: "+1 503 555 0100",
  source: "'=quoted already",
  adminNote: "-2+3",
};
const SUBSCRIBERS = ["+tulips@example.com", "-stems@example.com"];
/** What may start a cell that is not guarded: only a number (a negative longitude). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

for (const database of ["sqlite", "postgres"] as const) {
  describe.runIf(database === "sqlite" || runPostgres)(`admin CSV files on ${database}`, () => {
    let server: RunningServer;
    let cookie: string;
    let stop: (() => Promise<void>) | undefined;

    const get = async (path: string) => {
      const response = await fetch(server.url + path, { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe("text/csv; charset=utf-8");
      return response.text();
    };
    const importFile = async (intent: "dry-run" | "import", text: string | Uint8Array, fingerprint = "") => {
      const form = new FormData();
      form.append("intent", intent);
      form.append("fingerprint", fingerprint);
      form.append("file", new Blob([text as BlobPart], { type: "text/csv" }), "wholesalers.csv");
      const response = await fetch(`${server.url}/admin/tools/import`, { method: "POST", headers: { cookie }, body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    /** The import runs in the background: its report once the job is done. */
    const importResult = async (id: number) => {
      for (;;) {
        const response = await fetch(`${server.url}/admin/tools/jobs`, { headers: { cookie } });
        const { latest } = (await response.json()) as { latest: { import?: { id: number; state: string; result: unknown } } };
        if (latest.import?.id === id && latest.import.state !== "queued" && latest.import.state !== "running") {
          expect(latest.import.state).toBe("done");
          return latest.import.result;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    beforeAll(async () => {
      const session = await startSignedIn(database);
      ({ server, cookie, stop } = session);

      const saved = await fetch(`${server.url}/admin/wholesalers.data`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "create", ...LISTING }),
      });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("was added.");
      for (const [i, email] of SUBSCRIBERS.entries()) {
        const subscribed = await fetch(`${server.url}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}` },
          body: JSON.stringify({ email }),
        });
        expect(subscribed.status, email).toBe(202);
      }
    });
    afterAll(async () => {
      await stop?.();
    });

    it("the wholesalers export guards every cell a spreadsheet would run, and only numbers start with a minus", async () => {
      const csv = await get("/admin/wholesalers.csv");
      expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
      const [header = [], ...rows] = parseCsv(csv);
      const row = rows.find((cells) => cells[0]!.includes("HYPERLINK"))!;
      const cell = (column: string) => row[header.indexOf(column)];
      expect(cell("name")).toBe(`'${LISTING.name}`);
      expect(cell("address")).toBe(`'${LISTING.address}`);
      expect(cell("hours")).toBe(`'${LISTING.hours}`);
      expect(cell("description")).toBe(`'${LISTING.description}`);
      expect(cell("phone")).toBe(`'${LISTING.phone}`);
      expect(cell("source")).toBe(`'${LISTING.source}`);
      expect(cell("admin_note")).toBe(`'${LISTING.adminNote}`);
      for (const cells of [header, ...rows]) {
        for (const text of cells) {
          if (FORMULA_START.test(text)) expect(text, `an unguarded cell in ${cells.join(",")}`).toMatch(NUMBER);
        }
      }
    });

    it("importing the export back reports every row unchanged and changes nothing", async () => {
      const before = await get("/admin/wholesalers.csv");
      const rows = parseCsv(before).length - 1;
      const dryRun = await importFile("dry-run", before);
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toMatchObject({ rows, created: 0, updated: 0, unchanged: rows, rejected: 0, rejections: [] });

      const queued = await importFile("import", before, String(dryRun.body.fingerprint));
      expect(queued.status).toBe(202);
      expect(await importResult((queued.body.job as { id: number }).id)).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: rows,
        rejected: 0,
      });
      expect(await get("/admin/wholesalers.csv")).toBe(before);
    });

    it("the subscribers export guards addresses that start with + or -", async () => {
      const [header, ...rows] = parseCsv(await get("/admin/subscribers.csv"));
      expect(header).toEqual(["email", "subscribed_at", "status", "confirmed_at", "unsubscribe_url"]);
      expect(rows.map((cells) => cells[0])).toEqual(SUBSCRIBERS.map((email) => `'${email}`));
    });

    it.each([
      [
        "an unclosed quote",
        'name,address,city,state,zipcode,type\r\nA,1 Main St,Portland,OR,97201,Wholesale\r\n"B,2 Main St,Portland,OR,97201,Wholesale\r\n',
        'Line 3: a quoted value is not closed (a " is missing).',
      ],
      [
        // The file's line (what a text editor shows) and the spreadsheet's row differ after a cell of three lines.
        "an unclosed quote after an address written on three lines",
        "name,address,city,state,zipcode,type\r\n" +
          'A,"Stall 4\r\nFlower Market\r\n1 Main St",Portland,OR,97201,Wholesale\r\n' +
          "C,3 Main St,Portland,OR,97201,Wholesale\r\n" +
          '"B,2 Main St,Portland,OR,97201,Wholesale\r\n',
        'Line 6 (row 4): a quoted value is not closed (a " is missing).',
      ],
      [
        "text after a closing quote",
        'name,address,city,state,zipcode,type\r\n"A"x,1 Main St,Portland,OR,97201,Wholesale\r\n',
        "Line 2: a quoted value is followed by more text",
      ],
      [
        "a NUL character",
        "name,address,city,state,zipcode,type\r\nA,1 Main St,Portland,OR,97201,Wholesale\r\n\r\nB\u0000,2 Main St,Portland,OR,97201,Wholesale\r\n",
        "Line 4: the file holds a NUL character",
      ],
      ["bytes that are not UTF-8", new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0xff, 0xfe, 0x41]), "The file is not UTF-8 text."],
    ])("a file with %s is refused with where the problem is, and nothing is written", async (_what, file, message) => {
      const before = await get("/admin/wholesalers.csv");
      for (const intent of ["dry-run", "import"] as const) {
        // The import is of the file a dry run checked (its fingerprint); this one is refused before anything else.
        const fingerprint = typeof file === "string" ? importFingerprint(file) : "";
        const refused = await importFile(intent, file, fingerprint);
        expect(refused.status).toBe(400);
        expect(String(refused.body.message)).toContain(message);
      }
      expect(await get("/admin/wholesalers.csv")).toBe(before);
    });
  });
}
