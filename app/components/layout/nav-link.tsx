import type { ReactNode } from "react";
import { Link } from "react-router";
import { HashLink } from "./hash-link";

/** A header or footer link: section links of the home page scroll; the others navigate. */
export function SiteLink({
  to,
  className,
  children,
  onClick,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  if (to.startsWith("/#")) {
    return (
      <HashLink to={to as `/#${string}`} className={className} onClick={onClick}>
        {children}
      </HashLink>
    );
  }
  return (
    <Link to={to} className={className} onClick={onClick} prefetch="intent">
      {children}
    </Link>
  );
}
