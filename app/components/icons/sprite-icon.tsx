import { forwardRef, type ForwardRefExoticComponent, type ReactNode, type RefAttributes, type SVGProps } from "react";
import spriteUrl from "./sprite.generated.svg?url";
import type { IconName } from "./names";

export type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; children?: ReactNode };
/** An icon component, for props and tables that take one. */
export type IconComponent = ForwardRefExoticComponent<Omit<IconProps, "ref"> & RefAttributes<SVGSVGElement>>;

/** An icon given no title, role or ARIA attribute is decoration, hidden from screen readers (lucide's rule). */
function decorative(props: Record<string, unknown>, children: ReactNode) {
  if (children != null) return false;
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return false;
  }
  return true;
}

/**
 * One lucide icon, drawn from the site's sprite (docs/decisions/038-icons-from-one-sprite.md): an `<svg>` with
 * the class `lucide` (then the caller's) whose one child is a `<use>` of the icon's `<symbol>` in the sprite, an
 * immutable file the browser fetches once for every page. The icon's shapes are neither in the page's HTML nor in
 * its JavaScript, and lucide's presentation (24 px, no fill, a round 2 px stroke in the text's colour) is one rule
 * of `app/styles/html-pages.css`, not six attributes on each of a page's 50 to 110 icons (issue #39). Nor does it
 * carry a viewBox: a `<use>` of a `<symbol>` fills its `<svg>`, and the symbol's own viewBox (0 0 24 24) scales the
 * drawing to the size the classes give.
 */
export function spriteIcon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ className, size, children, ...props }, ref) {
    return (
      <svg
        width={size}
        height={size}
        aria-hidden={decorative(props, children) ? "true" : undefined}
        {...props}
        ref={ref}
        className={className ? `lucide ${className}` : "lucide"}
      >
        {children}
        <use href={href} />
      </svg>
    );
  });
  Icon.displayName = name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return Icon;
}
