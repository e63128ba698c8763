/**
 * Which shared chunks the browser build makes of the modules several public pages import
 * (docs/decisions/029-shared-chunks-by-page.md), as a pure function of what each page needs.
 *
 * A group is the modules that exactly the same set of pages imports: Rollup's default would make each group a
 * file, dozens of small scripts per page. One chunk of all of them (the former `public`) made a page that
 * needs 5% of it load all of it. Here groups are merged until no page loads more than `maxPerPage` shared
 * chunks, each time merging the two that add the fewest bytes to pages that do not need them, per page brought
 * under the limit; then each group is moved to whichever chunk (or a chunk of its own) lowers the bytes all
 * pages load together, as long as no page goes over the limit, until no move does.
 *
 * A chunk imports the chunks of everything its modules import, so a page loads, beside the chunks holding what
 * it needs, every chunk those import: two groups merged can make the pages of one load the other's imports.
 * The bytes and the counts are those of that closure.
 */

import { gzipSync } from "node:zlib";

export interface ModuleGroup {
  /** The public pages (route ids) that import every module of the group. */
  pages: readonly string[];
  /** The modules, by id. */
  modules: readonly string[];
  /** Their code as the build transformed it, before minification. */
  code: string;
  /** The modules of other groups that its modules import: a page that loads the chunk loads theirs too. */
  imports: readonly string[];
}

/** Indexes into the groups, one array per chunk. */
type Plan = number[][];

export function planSharedChunks(input: readonly ModuleGroup[], maxPerPage: number): ModuleGroup[] {
  // In one order whatever order they come in, so that the same modules make the same files on every build.
  const groups = [...input].sort((a, b) => key(a).localeCompare(key(b)));
  const pageSets = groups.map((group) => new Set(group.pages));
  const allPages = [...new Set(groups.flatMap((group) => group.pages))].sort();
  const groupOfModule = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const module of group.modules) groupOfModule.set(module, index);
  });
  const importsOf = groups.map((group, index) => {
    const imported = new Set<number>();
    for (const module of group.imports) {
      const other = groupOfModule.get(module);
      if (other !== undefined && other !== index) imported.add(other);
    }
    return imported;
  });
  /**
   * What a chunk of these groups weighs: its code gzip-compressed, since a page's weight is the sum of its
   * files compressed one by one, and small files compress worse than one big one (a split costs bytes too).
   */
  const weights = new Map<string, number>();
  const bytesOf = (chunk: number[]) => {
    const members = [...chunk].sort((a, b) => a - b);
    const id = members.join(",");
    let weight = weights.get(id);
    if (weight === undefined) {
      weight = gzipSync(members.map((index) => groups[index]?.code ?? "").join("\n"), { level: 6 }).length;
      weights.set(id, weight);
    }
    return weight;
  };

  /** The pages that load each chunk of a plan: those that need one of its groups, and those of every chunk importing it. */
  function loadingPages(plan: Plan) {
    const chunkOfGroup = new Map<number, number>();
    plan.forEach((chunk, c) => {
      for (const group of chunk) chunkOfGroup.set(group, c);
    });
    const pages = plan.map((chunk) => new Set(chunk.flatMap((group) => [...(pageSets[group] ?? [])])));
    const imported = plan.map((chunk) => {
      const targets = new Set<number>();
      for (const group of chunk) for (const other of importsOf[group] ?? []) targets.add(chunkOfGroup.get(other) as number);
      targets.delete(plan.indexOf(chunk));
      return targets;
    });
    for (let changed = true; changed;) {
      changed = false;
      imported.forEach((targets, c) => {
        for (const target of targets) {
          const into = pages[target] as Set<string>;
          for (const page of pages[c] ?? []) {
            if (!into.has(page)) {
              into.add(page);
              changed = true;
            }
          }
        }
      });
    }
    return pages;
  }
  function measure(plan: Plan) {
    const pages = loadingPages(plan);
    const count = new Map<string, number>(allPages.map((page) => [page, 0]));
    let bytes = 0;
    pages.forEach((set, c) => {
      bytes += set.size * bytesOf(plan[c] ?? []);
      for (const page of set) count.set(page, (count.get(page) ?? 0) + 1);
    });
    let excess = 0;
    for (const n of count.values()) excess += Math.max(0, n - maxPerPage);
    return { bytes, excess };
  }

  // Biggest groups first, so that ties are settled the same way on every build.
  const order = groups
    .map((_, index) => index)
    .sort((a, b) => (groups[b]?.code.length ?? 0) - (groups[a]?.code.length ?? 0) || key(groups[a]).localeCompare(key(groups[b])));
  let plan: Plan = order.map((index) => [index]);
  const merged = (a: number, b: number) => [
    ...plan.filter((_, index) => index !== a && index !== b),
    [...(plan[a] ?? []), ...(plan[b] ?? [])],
  ];

  for (let current = measure(plan); current.excess > 0; current = measure(plan)) {
    let best: { cost: number; plan: Plan } | undefined;
    for (let a = 0; a < plan.length; a++) {
      for (let b = a + 1; b < plan.length; b++) {
        const candidate = merged(a, b);
        const after = measure(candidate);
        const relieved = current.excess - after.excess;
        if (relieved <= 0) continue;
        const cost = (after.bytes - current.bytes) / relieved;
        if (!best || cost < best.cost) best = { cost, plan: candidate };
      }
    }
    if (!best) throw new Error("planSharedChunks: no merge brings the pages under the limit");
    plan = best.plan;
  }

  for (let improved = true; improved;) {
    improved = false;
    for (const group of order) {
      const from = plan.findIndex((chunk) => chunk.includes(group));
      let best = { bytes: measure(plan).bytes, plan };
      for (let to = 0; to <= plan.length; to++) {
        if (to === from) continue;
        const moved = [...plan.map((chunk) => chunk.filter((index) => index !== group)), []];
        moved[to]?.push(group);
        const candidate = moved.filter((chunk) => chunk.length > 0);
        const after = measure(candidate);
        if (after.excess === 0 && after.bytes < best.bytes) best = { bytes: after.bytes, plan: candidate };
      }
      if (best.plan !== plan) {
        plan = best.plan;
        improved = true;
      }
    }
  }

  const pages = loadingPages(plan);
  return plan
    .map((chunk, c) => {
      const members = chunk.map((index) => groups[index] as ModuleGroup);
      const modules = members.flatMap((group) => group.modules);
      const own = new Set(modules);
      return {
        pages: [...(pages[c] ?? [])].sort(),
        modules,
        code: members.map((group) => group.code).join("\n"),
        imports: [...new Set(members.flatMap((group) => group.imports))].filter((module) => !own.has(module)),
      };
    })
    .sort((a, b) => b.code.length - a.code.length || key(a).localeCompare(key(b)));
}

function key(group: ModuleGroup | undefined) {
  return group ? `${group.pages.join(",")}|${group.modules.join(",")}` : "";
}
