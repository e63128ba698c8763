import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckCircle2, CircleAlert, Flower2 } from "~/components/icons";
import { cn } from "~/utils/cn";

/**
 * The frame of the pages an admin sees before signing in (sign-in, forgot password, new password): the site's flower,
 * a heading and a line under it, the card holding the form, and a link below it.
 */
export function SignInFrame({
  title,
  intro,
  children,
  footer = { to: "/", label: "← Back to the site" },
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  footer?: { to: string; label: string };
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-cream px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-rose-brand text-white shadow-sm">
            <Flower2 className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 font-serif text-3xl font-semibold text-ink">{title}</h1>
          <p className="mt-2 text-sm text-muted">{intro}</p>
        </div>

        <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>

        <p className="mt-6 text-center text-sm">
          <Link to={footer.to} className="font-medium text-muted hover:text-rose-brand">
            {footer.label}
          </Link>
        </p>
      </div>
    </main>
  );
}

/** A refusal beside the form (read out at once). */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn("mb-5 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800", className)}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/** Good news beside the form (a link sent, a password changed). */
export function FormNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        "mb-5 flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900",
        className,
      )}
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
