/**
 * The compositions by name, and the picture for a file name as SVG.
 */
import { bouquetInVase, budVases } from "./bouquets";
import { blossomBranches, field } from "./fields";
import { closeUp, flatLay, knolling } from "./flat-lay";
import type { CompositionName, ImageRole } from "./keywords";
import { marketBuckets, marketStall } from "./market";
import { createScene, lookFromHash, type Look, type Scene } from "./plan";
import { corner, wreath } from "./wreaths";

type Composition = (s: Scene) => string;

const COMPOSITIONS: Record<CompositionName, Composition> = {
  bouquet: bouquetInVase,
  buckets: (s) => marketBuckets(s, s.w > s.h * 1.7 ? 5 : 3, s.rnd.chance(0.45)),
  stall: marketStall,
  flatLay,
  knolling,
  wreath,
  closeUp,
  budVases,
  field,
  blossomBranches,
  corner,
};

/** Draws the picture for a file name. Exported for previews. */
export function renderSvg(name: string, role: ImageRole, width: number, height: number, look: Look = lookFromHash(name, role)): string {
  const scene = createScene(name, role, width, height, look);
  return scene.c.render(COMPOSITIONS[look.composition](scene));
}
