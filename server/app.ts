import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import { sql } from "kysely";
import { getDatabase, getDb, startDatabase, stopDatabase } from "~/db/db.server";
import { ensureFirstAdmin } from "~/services/auth/admins.server";
import { registerCalendarRoutes } from "~/http/calendar-routes.server";
import { clientIpContext, cspNonceContext, renderedAtContext } from "~/http/request-context.server";
import { setEnv, type Env } from "~/utils/env.server";
import { originCheck } from "./origin-check";
import { pageEtags } from "./page-etag";
import { rateLimit } from "./rate-limit";

export interface AppOptions {
  env: Env;
  logger: Logger;
  development: boolean;
}

export interface RunningApp {
  handler: express.Express;
  close(): Promise<void>;
}

const MINUTE = 60_000;

/** Everything between the HTTP listener and the React Router pages and API: database, limits, headers. */
export async function startApp({ env, logger, development }: AppOptions): Promise<RunningApp> {
  setEnv(env);
  await startDatabase(env, logger);
  await ensureFirstAdmin(getDb(), env, logger);

  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, client addresses (rate limits, sign-in throttling, audit) come from X-Forwarded-For.
  if (env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);
  app.use(originCheck({ siteUrl: env.SITE_URL }));

  app.get("/healthz", async (_req, res) => {
    const handle = getDatabase();
    try {
      await sql`select 1`.execute(handle.db);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: handle.dialect });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: handle.dialect });
    }
  });

  const tooMany = "Too many requests. Please wait a few minutes and try again.";
  // One count for the JSON API and the form's own address (/newsletter, used before the page's script runs).
  app.post(["/api/newsletter/subscribe", "/newsletter"], rateLimit({ limit: 10, windowMs: 10 * MINUTE, message: tooMany }));
  // Sign-in attempts are throttled per account and address in the auth service; this bounds the rest.
  app.post("/admin/login", rateLimit({ limit: 30, windowMs: 10 * MINUTE, message: tooMany }));
  // Public forms also count their saved requests per hour in their services; this bounds the refused ones too.
  for (const form of ["/about", "/list-your-business", "/wholesalers/:id/report"]) {
    app.post(form, rateLimit({ limit: 60, windowMs: 10 * MINUTE, message: tooMany }));
  }
  app.post("/api/upload/{*kind}", rateLimit({ limit: 120, windowMs: 10 * MINUTE, message: tooMany }));
  // A search costs more than a page read from the cache; people do not search once a second for a minute.
  app.get(["/search", "/search.data"], rateLimit({ limit: 60, windowMs: MINUTE, message: tooMany }));
  app.use(rateLimit({ limit: 1200, windowMs: MINUTE, message: tooMany }));

  registerCalendarRoutes(app);

  app.use(pageEtags());

  app.all(
    "/{*path}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: development ? "development" : "production",
      // With route middleware on, React Router takes a RouterContextProvider; the admin routes add the signed-in admin to it.
      getLoadContext: (req, res) => {
        // Kept for pageEtags, which leaves it out of the page's ETag.
        const renderedAt = new Date().toISOString();
        res.locals.renderedAt = renderedAt;
        return new RouterContextProvider(
          new Map([
            [clientIpContext, req.ip ?? "unknown"],
            [cspNonceContext, String(res.locals.cspNonce ?? "")],
            [renderedAtContext, renderedAt],
          ]),
        );
      },
    }),
  );

  return { handler: app, close: stopDatabase };
}
