/**
 * SVG building: elements with rounded numbers, placement of drawings made around the origin, and the <defs>
 * (gradients, filters, clip paths) a picture collects.
 */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** [offset 0..1, colour, opacity?] */
export type Stop = readonly [number, string, number?];
type Attrs = Readonly<Record<string, string | number | undefined>>;

export const num = (v: number): string => String(Math.round(v * 100) / 100);

/** Tagged template for path data: interpolated numbers are rounded. */
export function d(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += num(v) + (strings[i + 1] ?? "");
  });
  return out;
}

function attrs(a: Attrs): string {
  let out = "";
  for (const [key, value] of Object.entries(a)) {
    if (value !== undefined) out += ` ${key}="${typeof value === "number" ? num(value) : value}"`;
  }
  return out;
}

export const el = {
  path: (data: string, a: Attrs = {}): string => `<path d="${data}"${attrs(a)}/>`,
  circle: (cx: number, cy: number, r: number, a: Attrs = {}): string => `<circle${attrs({ cx, cy, r, ...a })}/>`,
  ellipse: (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string => `<ellipse${attrs({ cx, cy, rx, ry, ...a })}/>`,
  rect: (x: number, y: number, width: number, height: number, a: Attrs = {}): string => `<rect${attrs({ x, y, width, height, ...a })}/>`,
  group: (body: string, a: Attrs = {}): string => `<g${attrs(a)}>${body}</g>`,
};

interface Place {
  readonly x: number;
  readonly y: number;
  readonly rotate?: number;
  readonly scale?: number;
  /** Extra vertical scale in screen space (a flower seen slightly from the side). */
  readonly squash?: number;
}

/** Places a drawing made around the origin. */
export function at(p: Place, body: string): string {
  const parts = [`translate(${num(p.x)} ${num(p.y)})`];
  const s = p.scale ?? 1;
  const sy = s * (p.squash ?? 1);
  if (s !== 1 || sy !== s) parts.push(`scale(${s.toFixed(4)} ${sy.toFixed(4)})`);
  if (p.rotate) parts.push(`rotate(${num(p.rotate)})`);
  return `<g transform="${parts.join(" ")}">${body}</g>`;
}

/** Collects <defs> (gradients, filters, clip paths), deduplicated by content. */
export class Svg {
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Linear gradient in bounding-box units; by default from bottom (0) to top (1). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 1, x2 = 0, y2 = 0): string {
    return this.define(
      `L${x1},${y1},${x2},${y2}|${stops.join(";")}`,
      (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopTags(stops)}</linearGradient>`,
    );
  }

  /** Horizontal gradient, left to right. */
  across(stops: readonly Stop[]): string {
    return this.linear(stops, 0, 0, 1, 0);
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    return this.define(
      `R${cx},${cy},${r},${fx},${fy}|${stops.join(";")}`,
      (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopTags(stops)}</radialGradient>`,
    );
  }

  blur(deviation: number): string {
    return this.define(
      `B${deviation}`,
      (id) => `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
  }

  clip(body: string): string {
    return this.define(`C${body}`, (id) => `<clipPath id="${id}">${body}</clipPath>`);
  }

  render(body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }

  private define(key: string, build: (id: string) => string): string {
    const known = this.cache.get(key);
    if (known) return known;
    const id = `d${this.cache.size}`;
    this.defs.push(build(id));
    const ref = `url(#${id})`;
    this.cache.set(key, ref);
    return ref;
  }
}

function stopTags(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
}
