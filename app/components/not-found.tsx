import { createContext, useContext } from "react";
import { Flower2 } from "~/components/icons";
import { Link } from "react-router";
import { buttonVariants } from "./ui/button";

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <Flower2 className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">The page you are looking for has wilted away. Try the directory or head back home.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Go Home
        </Link>
        <Link to="/states" className={buttonVariants({ variant: "secondary" })}>
          Browse states
        </Link>
      </div>
    </div>
  );
}

/*
 * The 500 page's content, which every error boundary (the root's and the layouts') shows: beside the 404's, which
 * they all load already (a module of its own was one more script file on every public page). It ends with the
 * request's id, "Reference: <id>", for a visitor to quote. Only the server knows the id: its context exists on the
 * server only (`import.meta.env.SSR`), and the browser's copy of the paragraph is an empty text, which hydration
 * leaves as the server wrote it (suppressHydrationWarning). The public pages' first load is at its 150 KB budget.
 */
const RequestIdContext = import.meta.env.SSR ? createContext<string>("") : undefined;

/** Gives the 500 pages the request's id (X-Request-Id), from entry.server.tsx. */
export const RequestIdProvider = RequestIdContext?.Provider;

/** Reads the id on the server (the hook is the same on every render of either side). */
const useReference = import.meta.env.SSR
  ? () => {
      const requestId = useContext(RequestIdContext!);
      return requestId && `Reference: ${requestId}`;
    }
  : () => "";

/**
 * "Something went wrong", a way home (a plain link: the page's scripts may be what failed) and the request's
 * reference (never on a page the page cache keeps: those are 200s).
 */
export function ServerError() {
  return (
    // The 404's layout and type, word for word: the same page's look (and the same bytes, which gzip counts once).
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">Something went wrong</h1>
      <p className="mt-4 text-lg text-muted">Please try again in a moment.</p>
      <a className={buttonVariants({ className: "mt-8" })} href="/">
        Go Home
      </a>
      <p className="mt-8 text-xs text-muted" suppressHydrationWarning>
        {useReference()}
      </p>
    </div>
  );
}

/** "We'll be right back": the database cannot be reached (a 503), and the message says when to try again. */
export function Unavailable({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <title>We'll be right back | Wholesale Flower Finder</title>
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">We'll be right back</h1>
      <p className="mt-4 text-lg text-muted">{message}</p>
      <a className={buttonVariants({ className: "mt-8" })} href="">
        Try again
      </a>
    </div>
  );
}
