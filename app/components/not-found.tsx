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
