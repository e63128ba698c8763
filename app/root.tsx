import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "./components/not-found";
import { useNonce } from "./components/nonce";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "./db/unavailable.server";
import { databaseUnavailableContext, renderedAtContext } from "./http/request-context.server";
import { loadSiteContext } from "./http/site.server";
import "./app.css";
import fontsCss from "./fonts.css?url";

/**
 * A page whose loader or action found the database unreachable (entry.server.tsx's handleError marks the
 * request) answers 503 with the site's own page and a message, not the 500 "Something went wrong".
 */
const databaseUnavailable: Route.MiddlewareFunction = async ({ context }, next) => {
  const response = await next();
  if (!context.get(databaseUnavailableContext)) return response;
  // These headers reach a resource route's answer; a page's are set in entry.server.tsx, which renders it.
  throw data(
    { message: DATABASE_UNAVAILABLE_MESSAGE },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
};

export const middleware: Route.MiddlewareFunction[] = [databaseUnavailable];

export const loader = ({ context }: Route.LoaderArgs) => loadSiteContext(context.get(renderedAtContext) || undefined);

export const links: Route.LinksFunction = () => [
  // No font is preloaded: the first paint needs only the HTML, the stylesheet and the main image. The fonts'
  // stylesheet is switched on once the page has painted (see Layout); text shows in a metric-matched local
  // font until then (app.css, docs/decisions/019-first-paint.md).
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Flower Arranging Guide", href: "/rss.xml" },
];

/**
 * Switches the web fonts' stylesheet on once the browser reports the first contentful paint (at once on a
 * hidden page, which does not paint; after the next frame where paint timing is missing), so that no font is
 * fetched before the first paint and none competes with the stylesheet and the main image on a slow phone.
 * Until the fonts arrive, text shows in app.css's metric-matched fallbacks (docs/decisions/019-first-paint.md).
 */
const FONTS_AFTER_PAINT = [
  "(function(){",
  'function on(){document.querySelectorAll("link[data-fonts]").forEach(function(l){l.media="all"})}',
  'if(document.visibilityState!=="visible")return on();',
  "try{",
  'if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){',
  'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();on()}}).observe({type:"paint",buffered:true});',
  "return}",
  "}catch(e){}",
  "requestAnimationFrame(function(){setTimeout(on,0)})",
  "})()",
].join("");

function FontsAfterPaint({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FONTS_AFTER_PAINT }} />;
}

function Analytics({ id, nonce }: { id: string; nonce: string }) {
  const safeId = /^[A-Z0-9-]{4,40}$/i.test(id) ? id : null;
  if (!safeId) return null;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(safeId)}`} />
      <script
        nonce={nonce}
        // The id is checked against a strict pattern above; nothing else is interpolated.
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${safeId}');`,
        }}
      />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // Admins at work are not measured: the script goes on public pages only.
  const analyticsId = useLocation().pathname.startsWith("/admin") ? undefined : root?.settings.seo.googleAnalyticsId;
  // Marks the page as interactive once React has hydrated it: the browser tests wait for it before they
  // act, as a visitor's tap before then gets the forms' no-JavaScript behaviour (tested on its own).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#be123c" />
        <Meta />
        <Links />
        {/* Inert until FontsAfterPaint (in the body) sets media="all" after the first paint. */}
        <link rel="stylesheet" href={fontsCss} media="not all" data-fonts="" nonce={nonce} suppressHydrationWarning />
        <noscript>
          <link rel="stylesheet" href={fontsCss} />
        </noscript>
        {analyticsId ? <Analytics id={analyticsId} nonce={nonce} /> : null}
      </head>
      <body>
        <FontsAfterPaint nonce={nonce} />
        {children}
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <NotFound />
      </main>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return (
      <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
        <title>We'll be right back | Wholesale Flower Finder</title>
        <h1 className="font-serif text-4xl font-semibold">We'll be right back</h1>
        <p className="mt-4 text-muted">{typeof message === "string" ? message : "Please try again in a minute."}</p>
        <a className="mt-8 inline-block rounded-full bg-rose-brand px-6 py-3 font-medium text-white" href="">
          Try again
        </a>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="font-serif text-4xl font-semibold">Something went wrong</h1>
      <p className="mt-4 text-muted">Please try again in a moment.</p>
      <a className="mt-8 inline-block rounded-full bg-rose-brand px-6 py-3 font-medium text-white" href="/">
        Go Home
      </a>
    </main>
  );
}
