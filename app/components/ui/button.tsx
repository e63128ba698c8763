import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-rose-brand text-white shadow-sm hover:bg-rose-800",
        secondary: "bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50",
        outline: "border border-white/70 text-white hover:bg-white/10",
        ghost: "text-ink hover:bg-blush",
        link: "rounded-none px-0 text-rose-brand underline-offset-4 hover:underline",
        leaf: "bg-leaf text-white shadow-sm hover:bg-green-900",
      },
      size: {
        sm: "h-9 px-4 text-sm",
        md: "h-11 px-5 text-sm",
        lg: "h-12 px-7 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

/** A button; a link that looks like one takes `buttonVariants()` as its class instead. */
export function Button({ className, variant, size, ...props }: ComponentProps<"button"> & VariantProps<typeof buttonVariants>) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
