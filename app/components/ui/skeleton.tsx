import type { ComponentProps } from "react";
import { withCallerClasses } from "~/utils/cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={withCallerClasses("animate-pulse rounded-xl bg-stone-200/80", className)} {...props} />;
}
