import { lazy, Suspense } from "react";
import { BackLink } from "~/components/wholesalers/back-link";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/saved";

/**
 * The list, in a file of its own with the code every page loads once it is interactive (components/offline/start.ts):
 * each route's files are named in the manifest every page loads, and this route's list named five more (0.05 KB
 * gzip of /near's budget, which it did not have; decision 046).
 */
const SavedList = lazy(() => import("~/components/offline/saved-list").then((module) => ({ default: module.SavedList })));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Saved suppliers",
    description: "The wholesale flower suppliers you saved on this device, with their pages for when you have no signal.",
    path: "/saved",
    // One visitor's list, kept in their browser: nothing for a search engine.
    noindex: true,
  });

/**
 * /saved: the suppliers saved on this device (decision 046). The server renders the frame; the list comes from the
 * browser's storage. The service worker precaches this page, so it opens without a signal.
 */
export default function Saved() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">Saved suppliers</h1>
        <p className="mt-3 text-lg text-muted">Kept on this device: their pages open at the market, also without a signal.</p>
      </header>
      <Suspense fallback={<p className="mt-8 text-muted">Your saved suppliers are kept in this browser; they show here once the page has loaded.</p>}>
        <SavedList />
      </Suspense>
    </div>
  );
}
