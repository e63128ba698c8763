import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { clsx } from "clsx";

export const buttonVariants = cva(
  // Named classes of app/styles/html-pages.css: a page has dozens of buttons (issue #39).
  "btn btn-icons",
  {
    variants: {
      variant: {
        primary: "btn-primary",
        secondary: "btn-secondary",
        outline: "btn-outline",
        ghost: "btn-ghost",
        link: "btn-link",
        leaf: "btn-leaf",
      },
      size: {
        sm: "btn-sm",
        md: "btn-md",
        lg: "btn-lg",
        icon: "btn-icon",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

/**
 * A button; a link that looks like one takes `buttonVariants()` as its class instead. Its classes are named classes, so a
 * caller's utility wins by layer and nothing needs merging.
 */
export function Button({ className, variant, size, ...props }: ComponentProps<"button"> & VariantProps<typeof buttonVariants>) {
  return <button className={clsx(buttonVariants({ variant, size }), className)} {...props} />;
}
