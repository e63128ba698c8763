import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/** One shape of an icon as lucide describes it: the element's name and its attributes (with a React key). */
type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

interface IconData {
  name: string;
  node: IconNode;
  /** Former names of the icon, each also a class (`lucide-stars` beside `lucide-sparkles`). */
  aliases?: readonly unknown[];
}

type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; children?: ReactNode };

/** The attributes lucide gives every icon's `<svg>`. */
const SVG_ATTRIBUTES = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** An icon given no content, role, title or ARIA attribute is decoration, hidden from screen readers (lucide's rule). */
function decorative(props: Record<string, unknown>, children: ReactNode) {
  if (children != null) return false;
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return false;
  }
  return true;
}

/** React's escapes in an attribute's value (services/seo/feeds.server.ts escapes XML, `'` as `&apos;`). */
const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * The icon's shapes as the HTML React writes for them (lucide names each attribute as SVG spells it, and React
 * writes such names as they are, with explicit closing tags): written once, and sent as the `<svg>`'s inner HTML.
 */
export function shapesMarkup(node: IconNode) {
  let markup = "";
  for (const [tag, attributes] of node) {
    markup += `<${tag}`;
    for (const name in attributes) {
      const value = attributes[name];
      if (name === "key" || value == null) continue;
      markup += ` ${name}="${String(value).replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character] ?? character)}"`;
    }
    markup += `></${tag}>`;
  }
  return markup;
}

/**
 * Makes the component of one lucide icon (issue #13, docs/decisions/027). The build hands this to lucide-react's
 * icon modules in place of their own `createLucideIcon` (`lucideIconFactory` in vite.config.ts), so every
 * `import { Name } from "lucide-react"` renders through it, on the server and in the browser.
 *
 * Lucide's component rebuilds the icon on every render: it merges its default attributes with the props through
 * a dozen object spreads, splits the class names with a regular expression, reads a context and makes a new
 * element for each shape. A state page draws about 150 icons; that was 3-5% of the server's time to render a
 * page without the cache, and the same work again when the page hydrates. Here the shapes are markup written
 * once per icon, the `<svg>`'s inner HTML, so a render makes only the `<svg>`: React neither renders nor
 * hydrates an element per shape (an icon given children, such as a `<title>`, has its shapes as elements).
 * The output is lucide's: the same attributes, the classes `lucide lucide-<name>` (and `lucide-<former name>`
 * for each of its aliases) before the caller's, `aria-hidden="true"` on an icon with no name. What is not supported is what the site does not use: lucide's
 * context provider and `absoluteStrokeWidth`.
 */
export default function createLucideIcon(icon: IconData) {
  const shapes = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
  const innerHtml = { __html: shapesMarkup(icon.node) };
  const aliases = (icon.aliases ?? []).filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "");
  const iconClass = ["lucide", `lucide-${icon.name}`, ...aliases.map((alias) => `lucide-${alias}`)].join(" ");
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ className, size, children, ...props }, ref) {
    const svg = {
      ...SVG_ATTRIBUTES,
      ...(size === undefined ? undefined : { width: size, height: size }),
      ...(decorative(props, children) ? { "aria-hidden": "true" } : undefined),
      ...props,
      ref,
      className: className ? `${iconClass} ${className}` : iconClass,
      dangerouslySetInnerHTML: children == null ? innerHtml : undefined,
    };
    return children == null ? createElement("svg", svg) : createElement("svg", svg, shapes, children);
  });
  Icon.displayName = icon.name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return Icon;
}
