import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/services/honeypot";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/** "List your business" posted as a browser without JavaScript posts it, and the receipt the SMTP server receives. */

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const SITE_URL = "https://flowers.example.com";

const decodeAttribute = (value: string) =>
  value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

describe("the receipt of a listing request", () => {
  let sink: SmtpSink;
  let server: RunningServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, SITE_URL });
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it("is mailed to the submitter, naming the business in its HTML and its plain text", async () => {
    const page = await fetch(`${server.url}/list-your-business`, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    // Without JavaScript the weekly hours are a plain field a day, as the server rendered them (empty: no set hours).
    const hours = [...(await page.text()).matchAll(/<input[^>]* name="(openingHours\.[a-z]{3})"[^>]*>/g)].map((match) => [
      match[1]!,
      decodeAttribute(/ value="([^"]*)"/.exec(match[0])?.[1] ?? ""),
    ]);
    expect(hours.map(([name]) => name)).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => `openingHours.${day}`));

    const business = { name: "Quiet Stem Wholesale & Co", email: "ines.receipt@example.com" };
    const response = await fetch(`${server.url}/list-your-business`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: BROWSER_ACCEPT, origin: server.url },
      body: new URLSearchParams({
        name: business.name,
        address: "31 Orchid Avenue",
        city: "Los Angeles",
        stateId: "california",
        zipcode: "90014",
        type: "Wholesale",
        phone: "(213) 555-0142",
        website: "",
        ...Object.fromEntries(hours),
        access: "public-welcome",
        accessNote: "",
        description: "",
        [HONEYPOT_FIELD]: "",
        submitterName: "Ines Receipt",
        submitterEmail: business.email,
        submitterRole: "owner",
      }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Listing received");
    expect(html).toContain("A receipt is on its way to your inbox");

    await expect.poll(() => sink.to(business.email).length, { timeout: 20_000 }).toBe(1);
    const [receipt] = sink.to(business.email);
    expect(receipt!.to).toEqual([business.email]);
    expect(receipt!.subject).toBe(`We received your listing request for ${business.name}`);
    // The HTML escapes "&" and React separates the pieces of a text with empty comments.
    expect(receipt!.html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&")).toContain(business.name);
    expect(receipt!.text).toContain(business.name);
    expect(receipt!.text).toContain("31 Orchid Avenue, Los Angeles, California 90014");
    assertNoUnexpectedServerLogs([server]);
  });
});
