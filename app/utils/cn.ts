import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones of the same kind, under the same
 * variants: `cn("h-11 px-4", "h-12")` is "px-4 h-12" (tailwind-merge; decision 030 is superseded).
 *
 * Only where classes from a caller may conflict with a component's own: its first call builds tailwind-merge's
 * configuration, about 25 ms of a phone's main thread (4x slowdown) while the page hydrates (issue #34). A
 * component's own lists join with `clsx` or are plain strings, and a named class of app/styles/html-pages.css needs
 * no merging (a utility beside it wins by layer, decision 051).
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/** A component's own classes with its caller's, merged by `cn` when the caller passes any (with none, nothing conflicts). */
export const withCallerClasses = (own: string, callerClasses: string | undefined) => (callerClasses ? cn(own, callerClasses) : own);
