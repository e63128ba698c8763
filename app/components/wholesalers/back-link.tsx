import { ArrowLeft } from "~/components/icons";
import { Link } from "react-router";

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-rose-brand hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
