import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import LucideMapPin, * as mapPinModule from "lucide-react/icons/map-pin";
import LucideStore, * as storeModule from "lucide-react/icons/store";
import LucideSparkles, * as sparklesModule from "lucide-react/icons/sparkles";
import LucideBadgeCheck, * as badgeCheckModule from "lucide-react/icons/badge-check";
import createLucideIcon from "./lucide-icon";

/** lucide-react's own data of an icon, which its module exports beside the component. */
const iconData = (module: object) => (module as { __iconData: Parameters<typeof createLucideIcon>[0] }).__iconData;

/** An `<svg>`'s markup with its attributes in a fixed order, so that two renderings compare by what they say. */
function normalized(markup: string) {
  return markup.replace(/^<svg([^>]*)>/, (_, attributes: string) => {
    const list = [...attributes.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}="${value}"`);
    return `<svg ${list.sort().join(" ")}>`;
  });
}

const render = (component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) =>
  normalized(renderToStaticMarkup(createElement(component, props)));

describe("createLucideIcon, the build's icon factory", () => {
  const icons = [
    ["map-pin", LucideMapPin, createLucideIcon(iconData(mapPinModule))],
    ["store", LucideStore, createLucideIcon(iconData(storeModule))],
    // Icons with former names, which lucide adds as classes too (lucide-stars, lucide-verified).
    ["sparkles", LucideSparkles, createLucideIcon(iconData(sparklesModule))],
    ["badge-check", LucideBadgeCheck, createLucideIcon(iconData(badgeCheckModule))],
  ] as const;
  const cases: Record<string, unknown>[] = [
    {},
    { className: "size-4 text-rose-brand", "aria-hidden": "true" },
    { className: "size-5" },
    { "aria-label": "Location", role: "img" },
    { size: 16, strokeWidth: 1.5, "data-testid": "icon" },
    { title: "A title" },
    { children: createElement("title", null, "Map pin") },
  ];

  for (const [name, Lucide, Ours] of icons) {
    it(`renders ${name} as lucide-react does, whatever the props`, () => {
      for (const props of cases) expect(render(Ours, props), JSON.stringify(props)).toBe(render(Lucide, props));
    });
  }

  it("hides an icon from screen readers unless it is given a name", () => {
    const [, , MapPin] = icons[0];
    expect(renderToStaticMarkup(createElement(MapPin))).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(createElement(MapPin, { "aria-label": "Location" }))).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(createElement(MapPin, { className: "size-4" }))).toMatch(/class="lucide lucide-map-pin size-4"/);
  });
});
