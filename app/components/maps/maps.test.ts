import { createElement } from "react";
import { XMLParser } from "fast-xml-parser";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { locatorMap, resultsMap, stateMap, usMap, usMapShapesSvg } from "~/services/maps/maps.server";
import type { MapListing } from "~/services/maps/types";
import { LocatorMap } from "./locator-map";
import { ResultsMap } from "./results-map";
import { STATE_MAP_KEY, StateMap } from "./state-map";
import { US_MAP_LEGEND_TITLE, UsMap } from "./us-map";

const DOWNTOWN_LA = { latitude: 34.0407, longitude: -118.2468 };
const listing = (number: number, latitude: number, longitude: number): MapListing => ({
  id: number,
  number,
  name: `Listing ${number}`,
  latitude,
  longitude,
});

interface Element {
  tag: string;
  attributes: Record<string, string>;
  children: Element[];
  textContent: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | undefined;
  querySelectorAll(selector: string): Element[];
}

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

/**
 * React's static markup is well-formed XML: read it into elements, so that tests check elements and
 * attributes rather than substrings. Selectors: a tag name, "svg a" (descendants) or [data-testid="x"].
 */
function parse(html: string): Element {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", preserveOrder: true, trimValues: false });
  const toElement = (tag: string, attributes: Record<string, string>, list: Ordered[]): Element => {
    const children: Element[] = [];
    let textContent = "";
    for (const item of list) {
      if ("#text" in item) {
        textContent += String(item["#text"]);
        continue;
      }
      const name = Object.keys(item).find((key) => key !== ":@") ?? "";
      const child = toElement(name, item[":@"] ?? {}, item[name] as Ordered[]);
      children.push(child);
      textContent += child.textContent;
    }
    const descendants = (): Element[] => children.flatMap((child) => [child, ...child.querySelectorAll("*")]);
    const matches = (element: Element, selector: string) => {
      const attribute = /^\[([\w-]+)="([^"]*)"\]$/.exec(selector);
      if (attribute) return element.attributes[attribute[1] ?? ""] === attribute[2];
      return selector === "*" || element.tag === selector;
    };
    const element: Element = {
      tag,
      attributes,
      children,
      textContent,
      getAttribute: (name) => attributes[name] ?? null,
      querySelectorAll: (selector) => {
        const [first = "", ...rest] = selector.split(" ");
        const found = descendants().filter((candidate) => matches(candidate, first));
        return rest.length === 0 ? found : found.flatMap((candidate) => candidate.querySelectorAll(rest.join(" ")));
      },
      querySelector: (selector) => element.querySelectorAll(selector)[0],
    };
    return element;
  };
  return toElement("body", {}, parser.parse(html) as Ordered[]);
}

// The components only render data: one server-side render each, read back as a browser would.
describe("map components", () => {
  it("UsMap: every state is a link to its page, named with its listings, over a legend", () => {
    const map = usMap(
      new Map([
        ["california", 8],
        ["hawaii", 1],
      ]),
    );
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(UsMap, { map })));
    const body = parse(html);
    const links = [...body.querySelectorAll("svg a")];
    expect(links).toHaveLength(50);
    const california = links.find((link) => link.getAttribute("href") === "/state/california");
    expect(california?.getAttribute("aria-label")).toBe("California: 8 listings");
    expect(links.find((link) => link.getAttribute("href") === "/state/hawaii")?.getAttribute("aria-label")).toBe("Hawaii: 1 listing");
    expect(links.find((link) => link.getAttribute("href") === "/state/alaska")?.getAttribute("aria-label")).toBe("Alaska: no listings yet");
    // Each state is drawn with a <use> of its outline in the shapes file the build writes (usMapShapesSvg).
    const drawn = california?.querySelector("use")?.getAttribute("href") ?? "";
    const id = drawn.split("#")[1] ?? "";
    expect(id).not.toBe("");
    expect(usMapShapesSvg()).toMatch(new RegExp(`<path id="${id}" d="M`));
    expect(body.querySelector("figcaption")?.textContent).toBe(`${US_MAP_LEGEND_TITLE}None yet12–34–67 or more`);
  });

  it("StateMap: the outline and a numbered marker per place, hidden from screen readers, with its key", () => {
    const map = stateMap("california", [
      listing(1, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
      listing(2, 37.7621, -122.4011),
      listing(3, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
    ]);
    const body = parse(renderToStaticMarkup(createElement(StateMap, { map, stateName: "California", showKey: true })));
    expect(body.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    // The outline is an image under the markers, not paths in the page.
    const outline = body.querySelector('[data-testid="state-map-outline"]');
    expect([outline?.tag, outline?.getAttribute("href"), outline?.getAttribute("width")]).toEqual(["image", map.outlineUrl, "400"]);
    expect(body.querySelector("svg")?.children.map((child) => child.tag)[0]).toBe("image");
    expect(body.querySelectorAll("path").filter((path) => (path.getAttribute("d") ?? "").length > 200)).toEqual([]);
    const markers = [...body.querySelectorAll('[data-testid="map-marker"]')];
    expect(markers.map((marker) => [marker.getAttribute("data-count"), marker.getAttribute("data-numbers"), marker.textContent])).toEqual([
      ["2", "1 3", "1, 32"],
      ["1", "2", "2"],
    ]);
    expect(body.querySelector("figcaption")?.textContent).toBe(STATE_MAP_KEY);
  });

  it("ResultsMap: counties, the radius, the search point, markers and numbered lines towards listings beyond the frame", () => {
    const map = resultsMap({
      center: DOWNTOWN_LA,
      radiusMiles: 25,
      listings: [listing(1, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude), listing(2, 34.1478, -118.1445), listing(3, 37.7621, -122.4011)],
    });
    const body = parse(renderToStaticMarkup(createElement(ResultsMap, { map })));
    const svg = body.querySelector("svg");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("viewBox")).toBe("0 0 480 320");
    expect(Number(svg?.getAttribute("data-counties"))).toBeGreaterThanOrEqual(4);
    // The counties are drawn under the markers, an image of their own the browser keeps.
    expect(body.querySelector('[data-testid="results-map-ground"]')?.getAttribute("href")).toBe(map.ground);
    expect(body.querySelector('[data-testid="results-map-ground"]')?.getAttribute("width")).toBe("480");
    expect(body.querySelector('[data-testid="results-map-radius"]')?.getAttribute("d")).toMatch(/^M.*z$/);
    expect(body.querySelector('[data-testid="results-map-center"]')?.getAttribute("cx")).toBe("240");
    expect([...body.querySelectorAll('[data-testid="map-marker"]')].map((marker) => marker.textContent)).toEqual(["1", "2"]);
    const beyond = [...body.querySelectorAll('[data-testid="map-off-frame"]')];
    expect(beyond.map((line) => [line.getAttribute("data-number"), line.textContent])).toEqual([["3", "3"]]);
    expect(beyond[0]?.querySelector("path")?.getAttribute("d")).toMatch(/^M240 160L/);
  });

  it("LocatorMap: the state's outline with the listing's point", () => {
    const map = locatorMap("california", DOWNTOWN_LA);
    const body = parse(renderToStaticMarkup(createElement(LocatorMap, { map })));
    expect(body.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(body.querySelector("path")?.getAttribute("d")).toBe(map.outline);
    const marker = body.querySelector('[data-testid="locator-marker"]');
    expect([marker?.getAttribute("cx"), marker?.getAttribute("cy")]).toEqual([String(map.marker.x), String(map.marker.y)]);
  });
});
