import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement, type ComponentType, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import LucideMapPin, * as mapPinModule from "lucide-react/icons/map-pin";
import LucideStore, * as storeModule from "lucide-react/icons/store";
import LucideSparkles, * as sparklesModule from "lucide-react/icons/sparkles";
import LucideBadgeCheck, * as badgeCheckModule from "lucide-react/icons/badge-check";
import * as lucide from "lucide-react";
import createLucideIcon, { shapesMarkup } from "./lucide-icon";

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

/** The names of every icon the app imports from lucide-react (`Name` or `Name as Other`), from its sources. */
function iconNamesTheAppImports() {
  const root = path.resolve(import.meta.dirname, "../..");
  const names = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, list = ""] of readFileSync(file, "utf8").matchAll(/^import\s*\{([^}]*)\}\s*from\s*"lucide-react"/gm)) {
          for (const part of list.split(",")) {
            const name = part.trim().split(/\s+as\s+/)[0] ?? "";
            if (/^[A-Z]\w*$/.test(name) && name !== "LucideIcon") names.add(name);
          }
        }
      }
    }
  };
  visit(root);
  return [...names].sort();
}

describe("shapesMarkup, the icon's shapes written once", () => {
  it("writes the shapes of every icon the site uses as React writes them", () => {
    const names = iconNamesTheAppImports();
    expect(names.length).toBeGreaterThan(60);
    for (const name of names) {
      // lucide's component renders its Icon with the icon's data as a prop, its only way to reach that data by name.
      const component = (
        lucide as unknown as Record<
          string,
          { render?: (props: object, ref: null) => ReactElement<{ icon: Parameters<typeof createLucideIcon>[0] }> }
        >
      )[name];
      const data = component?.render?.({}, null).props.icon;
      expect(data?.node, name).toBeDefined();
      if (!data) continue;
      // Nested shapes would need writing too; no icon has them today.
      expect(
        data.node.every((shape) => shape.length === 2),
        `${name} has nested shapes`,
      ).toBe(true);
      const byReact = renderToStaticMarkup(
        createElement("svg", null, ...data.node.map(([tag, attributes]) => createElement(tag, attributes))),
      );
      expect(`<svg>${shapesMarkup(data.node)}</svg>`, name).toBe(byReact);
    }
  });

  it("escapes what an attribute cannot hold as it is", () => {
    const node = [["path", { d: `M0 0"><script>&'`, key: "k" }]] as const;
    const byReact = renderToStaticMarkup(createElement("svg", null, createElement("path", { d: node[0][1].d })));
    expect(`<svg>${shapesMarkup(node)}</svg>`).toBe(byReact);
  });
});
