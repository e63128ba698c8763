import { useEffect, useRef } from "react";
import {
  type ShouldRevalidateFunction,
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { NOTIFY_ME_PATH } from "./components/demand/notify-me-path";
import { NotFound, ServerError, Unavailable } from "./components/not-found";
import { useNonce } from "./components/nonce";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "./db/unavailable.server";
import { databaseUnavailableContext, renderedAtContext } from "./http/request-context.server";
import { loadSiteContext } from "./http/site.server";
import "./app.css";
import headingFont from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";

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

/**
 * A "tell me" form's answer is shown on /notify-me, reached in the browser with the answer in hand: the page needs
 * nothing from the server (its clientLoader), so the site's data is not asked for again on the way there, and the
 * answer shows even when the signal dropped just after it arrived (issue #38).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, formMethod, defaultShouldRevalidate }) =>
  nextUrl.pathname === NOTIFY_ME_PATH && !formMethod ? false : defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [
  // The headings' one web font (18 KB), fetched beside the stylesheet so that it is there at the first paint;
  // text is in the device's own face (app.css, docs/decisions/023-system-text-font.md).
  { rel: "preload", href: headingFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (decision 046): the manifest's icons are drawn from favicon.svg at build (scripts/app-icons.ts); iOS
  // reads them too (since 15.4), so there is no apple-touch-icon link.
  { rel: "manifest", href: "/manifest.json" },
  { rel: "alternate", type: "application/rss+xml", title: "Flower Arranging Guide", href: "/rss.xml" },
];

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

/**
 * A page's structured data is rendered by the server alone (http/meta.ts): React leaves those <script>s in
 * <head> as they are when it hydrates, and they would still describe the first page after a client-side
 * navigation to another, so they go at the first one.
 */
function useServerStructuredDataDropped() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  }, [pathname]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // Admins at work are not measured: the script goes on public pages only.
  const analyticsId = useLocation().pathname.startsWith("/admin") ? undefined : root?.settings.seo.googleAnalyticsId;
  // Marks the page as interactive once React has hydrated it: the browser tests wait for it before they act, as
  // a visitor's tap before then gets the forms' no-JavaScript behaviour (tested on its own).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // Then the service worker and the Save buttons, in a file of their own that no first load fetches and that waits
    // for the load event and an idle moment itself (components/offline/start.ts, decision 046).
    void import("./components/offline/start");
  }, []);
  useServerStructuredDataDropped();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#be123c" />
        <Meta />
        <Links />
        {analyticsId ? <Analytics id={analyticsId} nonce={nonce} /> : null}
      </head>
      <body>
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
      <main id="main">
        <Unavailable message={typeof message === "string" ? message : "Please try again in a minute."} />
      </main>
    );
  }
  return (
    <main>
      <ServerError />
    </main>
  );
}
