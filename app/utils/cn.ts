import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones of the same kind, under the same
 * variants: `cn("h-11 px-4", "h-12")` is "px-4 h-12" (tailwind-merge; decision 030 is superseded).
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
