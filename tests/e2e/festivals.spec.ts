import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

interface Festival {
  id: number;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  location: string;
  city: string;
  state: string;
  website?: string;
  ticketPrice?: string;
  /** The yearly rule (an RRULE), or null for a one-off. */
  recurrence: string | null;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const festivalsFrom = (request: APIRequestContext, query = "") => api<Festival[]>(request, `/api/flower-festivals${query}`);

const list = (page: Page) => page.getByRole("region", { name: /^(All|Filtered) Festivals$/ });
const listHeading = (page: Page) => page.getByRole("heading", { level: 2, name: /^(All|Filtered) Festivals$/ });
const cardNames = (scope: Locator) => scope.getByRole("article").getByRole("heading", { level: 3 });

async function expectListed(page: Page, festivals: Festival[]) {
  // Every list a test expects here holds at least one festival: an empty one would match an empty page.
  expect(festivals.length, "festivals the list should show").toBeGreaterThan(0);
  await expect(cardNames(list(page))).toHaveText(festivals.map((festival) => festival.name));
}

/** The first festival for which `has` holds; the seed data has one, so a test that needs it fails without it. */
function festivalWith(festivals: Festival[], what: string, has: (festival: Festival) => boolean): Festival {
  const festival = festivals.find(has);
  expect(festival, `a festival with ${what}`).toBeDefined();
  return festival!;
}

/**
 * The calendar opens on the current month, which may hold no festival: its next-month arrow is pressed until a month
 * with a festival day shows (the seed has one within a year).
 */
async function showFestivalMonth(calendar: Locator) {
  const festivalDays = calendar.getByRole("button", { name: /\d+ festivals?/ });
  for (let step = 0; step < 12 && (await festivalDays.count()) === 0; step++) {
    await calendar.getByRole("link", { name: "Next month" }).click();
  }
  await expect(festivalDays.first()).toBeVisible();
}

/** The site's today (US Pacific), as the server counts it. */
const siteToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

/** The YYYY-MM-DD after a date, as an iCalendar DATE (YYYYMMDD). */
function dayAfter(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10).replace(/-/g, "");
}

test.describe("festival calendar page", () => {
  test("shows the title, at most 3 upcoming festivals and the 6 states with the most listings, with their counts", async ({
    page,
    request,
  }) => {
    const [upcoming, states] = await Promise.all([
      api<Festival[]>(request, "/api/flower-festivals/upcoming"),
      api<{ id: string; name: string }[]>(request, "/api/states"),
    ]);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(states.length).toBeGreaterThanOrEqual(6);
    const response = await page.goto("/festivals");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Flower Festival Calendar \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flower Festival Calendar");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    const upcomingBlock = page.getByRole("region", { name: "Upcoming Festivals" });
    await expect(cardNames(upcomingBlock)).toHaveText(upcoming.slice(0, 3).map((festival) => festival.name));

    const counts = new Map(
      withDatabase(
        (db) => db.prepare("select state_id id, count(*) n from wholesalers group by state_id").all() as { id: string; n: number }[],
      ).map(({ id, n }) => [id, n]),
    );
    const leading = states
      .map((state) => ({ ...state, listings: counts.get(state.id) ?? 0 }))
      .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name))
      .slice(0, 6);
    expect(leading.every((state) => state.listings > 0)).toBe(true);
    const locations = page.getByRole("region", { name: "Find by Location" });
    const stateLinks = locations.getByRole("listitem").getByRole("link");
    await expect(stateLinks).toHaveText(
      leading.map((state) => `${state.name}${state.listings} ${state.listings === 1 ? "listing" : "listings"}`),
    );
    for (const [index, state] of leading.entries()) {
      await expect(stateLinks.nth(index)).toHaveAttribute("href", `/state/${state.id}`);
    }
    await expectAccessible(page);

    await locations.getByRole("link", { name: "View All States" }).click();
    await expect(page).toHaveURL(/\/all-states$/);
  });

  test("lists every festival under 'All Festivals' with its dates, venue and city, and state", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    await page.goto("/festivals");
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);

    const festival = festivalWith(festivals, "a ticket price", (f) => Boolean(f.ticketPrice));
    const card = list(page)
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: festival.name, exact: true }) });
    await expect(card).toContainText(`${festival.location}, ${festival.city}`);
    await expect(card).toContainText(festival.state);
    await expect(card).toContainText(festival.ticketPrice!);
    await expect(card.locator("time")).toHaveAttribute("datetime", festival.startDate);
    await expect(card.locator("time")).toContainText(festival.endDate.slice(0, 4));
    const image = card.locator("img");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "800");
    await expect(card.getByRole("link", { name: /^View details/ })).toHaveAttribute("href", `/festivals/${festival.id}`);
  });

  test("formats dates without time-zone shifts", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const oneDay = festivalWith(festivals, "a single day", (f) => f.startDate === f.endDate);
    const sameMonth = festivalWith(
      festivals,
      "several days in one month",
      (f) => f.startDate !== f.endDate && f.startDate.slice(0, 7) === f.endDate.slice(0, 7),
    );
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const parts = (iso: string) => ({ year: iso.slice(0, 4), month: months[Number(iso.slice(5, 7)) - 1], day: Number(iso.slice(8, 10)) });
    await page.goto("/festivals");
    const timeOf = (festival: Festival) =>
      list(page)
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: festival.name, exact: true }) })
        .locator("time");
    const { year, month, day } = parts(oneDay.startDate);
    await expect(timeOf(oneDay)).toHaveText(`${month} ${day}, ${year}`);
    const start = parts(sameMonth.startDate);
    await expect(timeOf(sameMonth)).toHaveText(`${start.month} ${start.day}–${parts(sameMonth.endDate).day}, ${start.year}`);
  });

  test("search matches name, description, city and state case-insensitively as you type", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const sample = festivals.find((f) => f.name.split(" ").some((word) => word.length > 4)) ?? festivals[0]!;
    const nameWord = sample.name.split(" ").find((word) => word.length > 4)!;
    const allText = (f: Festival) => `${f.name} ${f.city} ${f.state}`.toLowerCase();
    const descriptionWord = festivals
      .flatMap((f) => f.description.split(/[^A-Za-z]+/))
      .find((word) => word.length > 7 && !festivals.some((f) => allText(f).includes(word.toLowerCase())))!;
    const terms = [nameWord.toUpperCase(), descriptionWord.toUpperCase(), sample.city.toLowerCase(), sample.state.toUpperCase()];

    await page.goto("/festivals");
    const search = page.getByRole("searchbox", { name: "Search festivals" });
    for (const term of terms) {
      const expected = await festivalsFrom(request, `?q=${encodeURIComponent(term)}`);
      expect(expected.length, term).toBeGreaterThan(0);
      // Typing alone updates the list; no button press.
      await search.fill(term);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term).replace(/%20/g, "(\\+|%20)")}`));
      await expectListed(page, expected);
      await expect(listHeading(page)).toHaveText("Filtered Festivals");
    }
    await search.fill("");
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);
  });

  test("filters by the start date's month", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const month = Number(festivals[Math.floor(festivals.length / 2)]!.startDate.slice(5, 7));
    const expected = festivals.filter((f) => Number(f.startDate.slice(5, 7)) === month);
    await page.goto("/festivals");
    const select = page.getByRole("combobox", { name: "Month" });
    await expect(select.getByRole("option")).toHaveText([
      "All Months",
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]);
    await select.selectOption(String(month));
    await expect(page).toHaveURL(new RegExp(`[?&]month=${month}(&|$)`));
    await expect(listHeading(page)).toHaveText("Filtered Festivals");
    await expectListed(page, expected);

    await select.selectOption("");
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);
  });

  test("filters by state from a sorted list of the festivals' states", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const states = [...new Set(festivals.map((f) => f.state))].sort((a, b) => a.localeCompare(b));
    const state = festivals.find((f) => festivals.filter((other) => other.state === f.state).length > 1)?.state ?? states[0]!;
    await page.goto("/festivals");
    const select = page.getByRole("combobox", { name: "State" });
    await expect(select.getByRole("option")).toHaveText(["All States", ...states]);
    await select.selectOption(state);
    await expect(listHeading(page)).toHaveText("Filtered Festivals");
    await expectListed(
      page,
      festivals.filter((f) => f.state === state),
    );
  });

  test("combines search, month and state, and clears them", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const target = festivals.find((f) => festivals.some((other) => other !== f && other.state === f.state)) ?? festivals[0]!;
    const month = Number(target.startDate.slice(5, 7));
    const term = target.city.slice(0, 4).toUpperCase();
    const expected = await festivalsFrom(
      request,
      `?q=${encodeURIComponent(term)}&month=${month}&state=${encodeURIComponent(target.state)}`,
    );
    expect(expected.map((f) => f.id)).toContain(target.id);

    await page.goto("/festivals");
    await page.getByRole("combobox", { name: "State" }).selectOption(target.state);
    await page.getByRole("combobox", { name: "Month" }).selectOption(String(month));
    await page.getByRole("searchbox", { name: "Search festivals" }).fill(term);
    await expect(page).toHaveURL(/q=/);
    await expectListed(page, expected);
    await expect(listHeading(page)).toHaveText("Filtered Festivals");

    // A shared link shows the same list straight from the server.
    const shared = page.url();
    await page.goto(shared);
    await expectListed(page, expected);
    await expect(page.getByRole("combobox", { name: "State" })).toHaveValue(target.state);
    await expect(page.getByRole("combobox", { name: "Month" })).toHaveValue(String(month));
    await expect(page.getByRole("searchbox", { name: "Search festivals" })).toHaveValue(term);

    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);
    await expect(page.getByRole("searchbox", { name: "Search festivals" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("");
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/festivals");
    await page.getByRole("searchbox", { name: "Search festivals" }).fill(`no such festival ${Date.now()}`);
    await expect(page.getByText("No festivals match your search criteria. Try adjusting your filters.")).toBeVisible();
    await expect(listHeading(page)).toHaveText("Filtered Festivals");
    await expect(list(page).getByRole("article")).toHaveCount(0);
  });

  test("ignores a month it cannot use in a hand-edited URL", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const response = await page.goto("/festivals?month=13");
    expect(response?.status()).toBe(200);
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1000 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${viewport.width} px the page keeps its length while the visitor scrolls, so nothing moves under the pointer`, async ({
      page,
    }) => {
      // The cards used to skip layout until they neared the screen (content-visibility), in placeholders of an
      // estimated height: reaching them moved what was below, and a click there could land beside its link.
      await page.setViewportSize(viewport);
      await page.goto("/festivals");
      const before = await page.evaluate(() => document.documentElement.scrollHeight);
      // Where the footer starts in the page: below the list, it moved whenever a card above it changed height.
      const footerTop = () => page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().top + window.scrollY);
      const footerBefore = await footerTop();
      // Half a screen at a time, each step given a frame, in the page (two round trips a step took most of the test).
      await page.evaluate(
        async ({ end, step }) => {
          for (let y = 0; y < end; y += step) {
            window.scrollTo(0, y);
            await new Promise(requestAnimationFrame);
          }
        },
        { end: before, step: viewport.height / 2 },
      );
      const last = list(page).getByRole("article").last();
      await last.scrollIntoViewIfNeeded();
      await expect(last.getByRole("link", { name: /^View details/ })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(before);
      expect(await footerTop()).toBe(footerBefore);
    });
  }

  test("picking a marked calendar day shows the festivals running that day; clearing restores", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    await page.goto("/festivals");
    const calendar = page.getByRole("region", { name: "Festival Calendar" });
    await expect(calendar.getByRole("grid")).toBeVisible();
    await showFestivalMonth(calendar);

    // Festival days say so in their label (and carry a dot); other days do not.
    const festivalDay = calendar.getByRole("button", { name: /\d+ festivals?/ }).first();
    await expect(festivalDay).toBeVisible();
    const day = await festivalDay.locator("xpath=..").getAttribute("data-day");
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const running = festivals.filter((f) => f.startDate <= day! && day! <= f.endDate);
    expect(running.length).toBeGreaterThan(0);
    await expect(festivalDay).toHaveAccessibleName(new RegExp(`${running.length} festivals?`));
    await expect(festivalDay.locator("xpath=..")).toHaveClass(/\bfcal-fest\b/);
    const quietDays = calendar.getByRole("button", { name: /^[A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4}$/ });
    expect(await quietDays.count()).toBeGreaterThan(0);
    for (const quiet of await quietDays.all()) {
      const date = await quiet.locator("xpath=..").getAttribute("data-day");
      expect(
        festivals.some((f) => f.startDate <= date! && date! <= f.endDate),
        `${date} is not a festival day`,
      ).toBe(false);
      await expect(quiet.locator("xpath=.."), `${date} carries no festival dot`).not.toHaveClass(/\bfcal-fest\b/);
    }

    // Keyboard: focus the day and pick it with Enter.
    await festivalDay.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
    await expect(listHeading(page)).toHaveText("Filtered Festivals");
    await expectListed(page, running);
    await expect(calendar.getByRole("button", { name: /selected/ })).toHaveCount(1);

    await calendar.getByRole("button", { name: "Clear date" }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(listHeading(page)).toHaveText("All Festivals");
    await expectListed(page, festivals);
    await expect(calendar.getByRole("button", { name: "Clear date" })).toHaveCount(0);
  });

  test("the calendar day combines with the other filters", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const target = festivals[0]!;
    const others = await festivalsFrom(request, `?state=${encodeURIComponent(target.state)}`);
    const expected = others.filter((f) => f.startDate <= target.startDate && target.startDate <= f.endDate);
    await page.goto(`/festivals?state=${encodeURIComponent(target.state)}&date=${target.startDate}`);
    await expectListed(page, expected);
    await expect(page.getByRole("status").filter({ hasText: /on [A-Z][a-z]+day,/ })).toBeVisible();
  });
});

test.describe("festival calendar page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form still filters", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const term = festivals[0]!.name.split(" ")[0]!.toLowerCase();
    const expected = await festivalsFrom(request, `?q=${encodeURIComponent(term)}`);
    await page.goto("/festivals");
    await page.getByRole("searchbox", { name: "Search festivals" }).fill(term);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(listHeading(page)).toHaveText("Filtered Festivals");
    await expectListed(page, expected);
  });

  test("a day picked in the calendar filters the list, keeps the other filters, and picking it again clears it", async ({
    page,
    request,
  }) => {
    // A festival of several days, not at a month's end: the calendar opened on its first day shows its second too.
    const upcoming = await api<Festival[]>(request, "/api/flower-festivals/upcoming");
    const festival = festivalWith(upcoming, "several days in one month", (f) => f.endDate > f.startDate && f.startDate.slice(8) < "28");
    const state = festival.state;
    const inState = await festivalsFrom(request, `?state=${encodeURIComponent(state)}`);
    const first = festival.startDate;
    const day = `${first.slice(0, 8)}${String(Number(first.slice(8)) + 1).padStart(2, "0")}`;
    await page.goto(`/festivals?state=${encodeURIComponent(state)}&date=${first}`);
    const calendar = page.getByRole("region", { name: "Festival Calendar" });
    await calendar.locator(`td[data-day="${day}"] button`).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("date") === day && url.searchParams.get("state") === state);
    const onDay = inState.filter((f) => f.startDate <= day && day <= f.endDate);
    await expect(page.getByRole("status").filter({ hasText: / on [A-Z][a-z]+day,/ })).toHaveText(
      new RegExp(`^${onDay.length} festivals? on `),
    );
    await expectListed(page, onDay);

    await calendar.getByRole("button", { name: /, selected$/ }).click();
    await expect(page).not.toHaveURL(new RegExp(`date=${day}`));
    await expect(page).toHaveURL((url) => url.searchParams.get("state") === state);
    await expectListed(page, inState);

    await page.goto(`/festivals?date=${day}`);
    await page.getByRole("region", { name: "Festival Calendar" }).getByRole("button", { name: "Clear date" }).click();
    await expect(page).not.toHaveURL(new RegExp(`date=${day}`));
    await expect(listHeading(page)).toHaveText("All Festivals");
  });

  test("the calendar opens on the current month", async ({ page }) => {
    await page.goto("/festivals");
    const today = siteToday();
    const month = new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
    const calendar = page.getByRole("region", { name: "Festival Calendar" });
    await expect(calendar.getByRole("grid")).toHaveAccessibleName(month);
    await expect(calendar.getByRole("button", { name: /, today$/ })).toHaveCount(1);
    await expect(calendar.locator(`td[data-day="${today}"]`)).toHaveCount(1);
  });

  test("the calendar's month arrows are links that keep the filters and land on the calendar", async ({ page }) => {
    const today = siteToday();
    const [year, month] = today.split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    const name = (yearMonth: string) =>
      new Date(`${yearMonth}-15T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
    await page.goto("/festivals?q=flower");
    const calendar = page.getByRole("region", { name: "Festival Calendar" });
    await calendar.getByRole("link", { name: "Next month" }).click();
    await expect(page).toHaveURL(`/festivals?q=flower&calendar=${next}#calendar-heading`);
    await expect(calendar.getByRole("grid")).toHaveAccessibleName(name(next));
    await expect(page.getByRole("searchbox", { name: "Search festivals" })).toHaveValue("flower");
    await expect(calendar).toBeInViewport();
    await calendar.getByRole("link", { name: "Previous month" }).click();
    await expect(calendar.getByRole("grid")).toHaveAccessibleName(name(today.slice(0, 7)));
  });
});

for (const timezoneId of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
  test.describe(`festival calendar page in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("shows and picks the same calendar dates as the server", async ({ page, request }) => {
      const festivals = await festivalsFrom(request);
      await page.goto("/festivals");
      const calendar = page.getByRole("region", { name: "Festival Calendar" });
      await showFestivalMonth(calendar);
      const festivalDay = calendar.getByRole("button", { name: /\d+ festivals?/ }).first();
      const day = (await festivalDay.locator("xpath=..").getAttribute("data-day"))!;
      const [year, month, date] = day.split("-").map(Number) as [number, number, number];
      const label = new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en-US", {
        timeZone: "UTC",
        month: "long",
        day: "numeric",
        year: "numeric",
      });
      await expect(festivalDay).toHaveAccessibleName(new RegExp(`, ${label}, `));
      await festivalDay.click();
      await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
      await expectListed(
        page,
        festivals.filter((f) => f.startDate <= day && day <= f.endDate),
      );
    });
  });
}

test.describe("festival detail page", () => {
  test("'View details' opens everything known about the festival, with calendar links", async ({ page, request }) => {
    const festivals = await festivalsFrom(request);
    const festival = festivalWith(festivals, "a website and a ticket price", (f) => Boolean(f.website && f.ticketPrice));
    await page.goto("/festivals");
    await list(page)
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: festival.name, exact: true }) })
      .getByRole("link", { name: /^View details/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/festivals/${festival.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(festival.name);
    await expect(page).toHaveTitle(new RegExp(`^${festival.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
    const main = page.getByRole("main");
    await expect(main).toContainText(festival.location);
    await expect(main).toContainText(`${festival.city}, ${festival.state}`);
    await expect(main).toContainText(festival.description.slice(0, 60));
    await expect(main).toContainText(festival.ticketPrice!);

    const website = page.getByRole("link", { name: /Official website/ });
    await expect(website).toHaveAttribute("href", festival.website!);
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");

    const google = page.getByRole("link", { name: /Google Calendar/ });
    const googleUrl = new URL((await google.getAttribute("href"))!);
    expect(googleUrl.origin + googleUrl.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(googleUrl.searchParams.get("action")).toBe("TEMPLATE");
    expect(googleUrl.searchParams.get("text")).toBe(festival.name);
    expect(googleUrl.searchParams.get("dates")).toBe(`${festival.startDate.replace(/-/g, "")}/${dayAfter(festival.endDate)}`);
    expect(googleUrl.searchParams.get("location")).toBe(`${festival.location}, ${festival.city}, ${festival.state}`);

    const ics = page.getByRole("link", { name: /Download \.ics/ });
    await expect(ics).toHaveAttribute("href", `/festivals/${festival.id}.ics`);
    const response = await page.request.get(`/festivals/${festival.id}.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const body = await response.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const unfolded = body.replace(/\r\n /g, "");
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded).toContain(`\r\nDTSTART;VALUE=DATE:${festival.startDate.replace(/-/g, "")}\r\n`);
    expect(unfolded).toContain(`\r\nDTEND;VALUE=DATE:${dayAfter(festival.endDate)}\r\n`);
    expect(unfolded).toContain(`\r\nSUMMARY:${festival.name.replace(/[\\;,]/g, (c) => `\\${c}`)}\r\n`);
    expect(unfolded).toMatch(new RegExp(`\\r\\nUID:festival-${festival.id}@`));

    await expect(page.getByRole("link", { name: /Subscribe to all festivals/ })).toHaveAttribute(
      "href",
      /^webcal:\/\/[^/]+\/festivals\.ics$/,
    );
    await expectAccessible(page);
  });

  test("'Subscribe to all festivals' is a webcal:// subscription to the feed, beside a one-off download", async ({ page, request }) => {
    await page.goto("/festivals");
    const subscribe = page.getByRole("link", { name: "Subscribe to all festivals" });
    await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/[^/]+\/festivals\.ics$/);
    const download = page.getByRole("link", { name: "Download once (.ics)" });
    await expect(download).toHaveAttribute("href", "/festivals.ics?download");

    // The feed calendars re-read: inline, with how often to read it, each yearly festival with its rule.
    const feed = await request.get("/festivals.ics");
    expect(feed.headers()["content-disposition"]).toMatch(/^inline; /);
    const body = (await feed.text()).replace(/\r\n /g, "");
    expect(body).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n");
    const upcoming = await api<Festival[]>(request, "/api/flower-festivals/upcoming");
    const yearly = upcoming.filter((f) => f.recurrence);
    expect(yearly.length).toBeGreaterThan(0);
    expect(body.match(/\r\nRRULE:FREQ=YEARLY;[^\r]+/g)).toEqual(yearly.map((f) => `\r\nRRULE:${f.recurrence}`));
    const once = await request.get("/festivals.ics?download");
    expect(once.headers()["content-disposition"]).toBe('attachment; filename="flower-festivals.ics"');
    await expectAccessible(page);
  });

  test("a yearly festival whose stored dates went into last year shows its next date; a one-off goes to Past festivals", async ({
    page,
    request,
  }) => {
    const festivals = await api<Festival[]>(request, "/api/flower-festivals");
    const yearly = festivalWith(festivals, "the rule May 1", (f) => f.recurrence === "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1");
    const oneOff = festivalWith(festivals, "no rule", (f) => f.recurrence === null);
    const today = siteToday();
    const year = Number(today.slice(0, 4));
    const next = today <= `${year}-05-01` ? `${year}-05-01` : `${year + 1}-05-01`;
    const stored = withDatabase((db) =>
      db.prepare("select id, start_date, end_date from festivals where id in (?, ?)").all(yearly.id, oneOff.id),
    ) as {
      id: number;
      start_date: string;
      end_date: string;
    }[];
    // As time would: both occurrences are over, a year ago.
    withDatabase((db) => {
      db.prepare("update festivals set start_date = ?, end_date = ? where id = ?").run(`${year - 1}-05-01`, `${year - 1}-05-01`, yearly.id);
      db.prepare("update festivals set start_date = ?, end_date = ? where id = ?").run(`${year - 1}-01-10`, `${year - 1}-01-11`, oneOff.id);
    });
    try {
      expect(await api<Festival>(request, `/api/flower-festivals/${yearly.id}`)).toMatchObject({ startDate: next, endDate: next });
      await page.goto(`/festivals/${yearly.id}`);
      const [y, m, d] = next.split("-").map(Number) as [number, number, number];
      const nextText = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
        timeZone: "UTC",
        month: "long",
        day: "numeric",
        year: "numeric",
      });
      await expect(page.locator(`time[datetime="${next}"]`).first()).toHaveText(nextText);
      await expect(page.getByText("Every year: May 1")).toBeVisible();
      await expect(page.getByText("Upcoming", { exact: true })).toBeVisible();

      await page.goto("/festivals");
      await expect(cardNames(list(page))).toContainText([yearly.name]);
      await expect(cardNames(list(page))).not.toContainText([oneOff.name]);
      const past = page.getByRole("region", { name: "Past festivals" });
      await expect(past.getByRole("link", { name: oneOff.name })).toBeVisible();
      await past.getByRole("link", { name: oneOff.name }).click();
      await expect(page).toHaveURL(`/festivals/${oneOff.id}`);
      await expect(page.getByText("This festival has ended")).toBeVisible();
      await expectAccessible(page);
    } finally {
      withDatabase((db) => {
        for (const row of stored)
          db.prepare("update festivals set start_date = ?, end_date = ? where id = ?").run(row.start_date, row.end_date, row.id);
      });
    }
  });

  test("the subscription feed holds every upcoming festival", async ({ request }) => {
    const upcoming = await api<Festival[]>(request, "/api/flower-festivals/upcoming");
    expect(upcoming.length).toBeGreaterThan(0);
    const response = await request.get("/festivals.ics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(upcoming.length);
    for (const line of body.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  for (const path of ["/festivals/999999", "/festivals/abc", "/festivals/0"]) {
    test(`${path} answers 404 with 'Festival Not Found'`, async ({ page, pageErrors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Festival Not Found");
      await expectAccessible(page);
      acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 404/);
      await page.getByRole("link", { name: "Back to Festivals" }).click();
      await expect(page).toHaveURL(/\/festivals$/);
    });
  }

  test("calendar files of unknown festivals answer 404", async ({ request }) => {
    for (const path of ["/festivals/999999.ics", "/festivals/abc.ics"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    }
  });
});
