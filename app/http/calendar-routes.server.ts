import type express from "express";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { getSiteSettings } from "~/services/settings/settings.server";
import { festivalsToICalendar, icsFileName } from "~/services/festivals/calendar.server";
import { FESTIVAL_NOT_FOUND, getFestival, listUpcomingFestivals } from "~/services/festivals/festivals.server";

const ALL_FESTIVALS_FILE = "flower-festivals.ics";
/** The feed's path: the page's "Subscribe" link is webcal:// to it, its "Download" link the same file once. */
export const FESTIVALS_FEED_PATH = "/festivals.ics";

/**
 * A file sent to be kept once (`?download`, a festival's own file) is an attachment; the feed itself is sent inline,
 * as calendars that subscribe to it expect. Either way a copy lives 15 minutes at most: a festival that ended
 * leaves it, and the next occurrence takes its place, soon after the day is over.
 */
function sendCalendar(res: express.Response, fileName: string, body: string, attachment = true) {
  res
    .status(200)
    .set({
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${attachment ? "attachment" : "inline"}; filename="${fileName}"`,
      "Cache-Control": "public, max-age=900",
    })
    .send(body);
}

const sendNotFound = (res: express.Response, message: string) =>
  res.status(404).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(message);

/** The festivals section's settings, or null when the admin has switched it off. */
async function festivalSettings() {
  const settings = await getSiteSettings(getDb());
  return settings.general.enableFestivals ? settings : null;
}

/**
 * iCalendar downloads: /festivals.ics (every upcoming festival, for subscribing) and /festivals/{id}.ics
 * (one festival). They are Express handlers because a React Router path segment cannot end in ".ics"
 * after a parameter; register them before the React Router handler.
 */
export function registerCalendarRoutes(app: express.Router) {
  app.get(FESTIVALS_FEED_PATH, async (req, res) => {
    const settings = await festivalSettings();
    if (!settings) return sendNotFound(res, "Not found");
    // Every festival not yet over, each on its current occurrence; a yearly one carries its RRULE.
    const festivals = await listUpcomingFestivals(getDb());
    const body = festivalsToICalendar(festivals, {
      siteUrl: getEnv().SITE_URL,
      now: new Date(),
      calendarName: `${settings.general.siteName} Flower Festivals`,
      productName: settings.general.siteName,
      refreshInterval: "PT12H",
    });
    sendCalendar(res, ALL_FESTIVALS_FILE, body, "download" in req.query);
  });

  app.get("/festivals/:id.ics", async (req, res) => {
    const settings = await festivalSettings();
    if (!settings) return sendNotFound(res, "Not found");
    const id = parseId(req.params.id);
    if (id === undefined) return sendNotFound(res, FESTIVAL_NOT_FOUND);
    try {
      const festival = await getFestival(getDb(), id);
      const body = festivalsToICalendar([festival], {
        siteUrl: getEnv().SITE_URL,
        now: new Date(),
        calendarName: festival.name,
        productName: settings.general.siteName,
      });
      sendCalendar(res, icsFileName(festival.name), body);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return sendNotFound(res, FESTIVAL_NOT_FOUND);
      throw error;
    }
  });
}
