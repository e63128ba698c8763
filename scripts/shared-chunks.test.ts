import { describe, expect, it } from "vitest";
import { planSharedChunks, type ModuleGroup } from "./shared-chunks";

/** Code that compresses about as little as minified code does: `bytes` characters, the same for the same seed. */
function code(seed: number, bytes: number) {
  let state = seed;
  let text = "";
  while (text.length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += state.toString(36);
  }
  return text.slice(0, bytes);
}

/** A group as the build makes them, with lists a test may grow. */
interface Group extends ModuleGroup {
  pages: string[];
}

function group(name: string, pages: string[], bytes: number, imports: string[] = []): Group {
  return { pages, modules: [name], code: code(name.length * 7919 + name.charCodeAt(0), bytes), imports };
}

/** The chunks each page loads, by their modules. */
function loads(chunks: ModuleGroup[]) {
  const byPage = new Map<string, string[][]>();
  for (const chunk of chunks) for (const page of chunk.pages) byPage.set(page, [...(byPage.get(page) ?? []), [...chunk.modules].sort()]);
  return byPage;
}

describe("planSharedChunks", () => {
  it("keeps every group a chunk of its own while no page loads more than the limit", () => {
    const groups = [group("cards", ["home", "state"], 4000), group("legal", ["privacy", "terms"], 3000)];
    const chunks = planSharedChunks(groups, 2);
    expect(chunks.map((chunk) => chunk.modules)).toEqual([["cards"], ["legal"]]);
    expect(loads(chunks).get("privacy")).toEqual([["legal"]]);
  });

  it("merges groups until no page loads more than the limit, choosing those that add least to other pages", () => {
    const groups = [
      group("cards", ["home", "near", "state"], 6000),
      group("filters", ["near", "state"], 3000),
      group("map", ["home", "near", "state"], 2000),
      group("legal", ["privacy", "terms"], 3000),
    ];
    const chunks = planSharedChunks(groups, 2);
    const byPage = loads(chunks);
    for (const [page, loaded] of byPage) expect(loaded.length, page).toBeLessThanOrEqual(2);
    // Cards and map go to the same pages: merged, nobody loads anything more. The legal pages load nothing else.
    expect(byPage.get("home")).toEqual([["cards", "map"]]);
    expect(byPage.get("privacy")).toEqual([["legal"]]);
    expect(byPage.get("state")).toEqual(expect.arrayContaining([["cards", "map"], ["filters"]]));
  });

  it("counts the chunks a page loads through another chunk's imports, never more than the limit", () => {
    // Random sites: groups of modules on random pages, some importing others (an imported group is on every page
    // of its importer, as a module is on every page that imports it). A page loads the chunks that hold what it
    // needs and, through their imports, the chunks those import: that closure, worked out here on its own, must
    // be what the plan says and stay within the limit.
    let state = 42;
    const random = (below: number) => {
      // mulberry32: the same sequence on every run.
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * below);
    };
    const pages = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for (let site = 0; site < 40; site++) {
      const groups: Group[] = [];
      for (let index = 0; index < 14; index++) {
        const own = pages.filter(() => random(6) === 0);
        const imported = groups.filter(() => random(4) === 0);
        const onPages = [...new Set([...own, pages[random(pages.length)] as string])].sort();
        // An import makes the imported group's pages include this one's.
        for (const other of imported) other.pages = [...new Set([...other.pages, ...onPages])].sort();
        groups.push(
          group(
            `m${site}x${index}`,
            onPages,
            500 + random(5000),
            imported.flatMap((other) => other.modules),
          ),
        );
      }
      const chunks = planSharedChunks(groups, 3);
      const chunkOf = (module: string) => chunks.find((chunk) => chunk.modules.includes(module)) as ModuleGroup;
      for (const page of pages) {
        const loaded = new Set(groups.filter((g) => g.pages.includes(page)).map((g) => chunkOf(g.modules[0] as string)));
        for (let grew = true; grew;) {
          grew = false;
          for (const chunk of [...loaded]) {
            for (const module of chunk.imports) {
              if (!loaded.has(chunkOf(module))) {
                loaded.add(chunkOf(module));
                grew = true;
              }
            }
          }
        }
        expect(loaded.size, `site ${site}, page ${page}`).toBeLessThanOrEqual(3);
        expect(
          chunks.filter((chunk) => chunk.pages.includes(page)),
          `site ${site}, page ${page}`,
        ).toEqual(chunks.filter((chunk) => loaded.has(chunk)));
      }
    }
  });

  it("makes the same chunks whatever order the groups come in", () => {
    const groups = [
      group("one", ["a", "b"], 1000),
      group("two", ["b", "c"], 2000),
      group("three", ["a", "c"], 1500),
      group("four", ["a", "b", "c"], 800),
    ];
    const plan = (list: ModuleGroup[]) => planSharedChunks(list, 1).map((chunk) => [[...chunk.modules].sort(), chunk.pages]);
    expect(plan([...groups].reverse())).toEqual(plan(groups));
    expect(plan([groups[2], groups[0], groups[3], groups[1]] as ModuleGroup[])).toEqual(plan(groups));
  });
});
