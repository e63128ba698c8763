import type express from "express";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { getSiteSettings } from "~/services/settings/settings.server";
import { festivalsToICalendar, icsFileName } from "~/services/festivals/calendar.server";
import { FESTIVAL_NOT_FOUND, getFestival, listUpcomingFestivals } from "~/services/festivals/festivals.server";

const ALL_FESTIVALS_FILE = "flower-festivals.ics";

function sendCalendar(res: express.Response, fileName: string, body: string) {
  res
    .status(200)
    .set({
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
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
  app.get("/festivals.ics", async (_req, res) => {
    const settings = await festivalSettings();
    if (!settings) return sendNotFound(res, "Not found");
    const festivals = await listUpcomingFestivals(getDb());
    const body = festivalsToICalendar(festivals, {
      siteUrl: getEnv().SITE_URL,
      now: new Date(),
      calendarName: `${settings.general.siteName} Flower Festivals`,
      productName: settings.general.siteName,
    });
    sendCalendar(res, ALL_FESTIVALS_FILE, body);
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
