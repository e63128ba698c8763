/**
 * Geometry helpers: angles, curves and scattering points.
 */
import type { Random } from "./random";
import type { Point } from "./svg";

export const rad = (deg: number): number => (deg * Math.PI) / 180;
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Rotation (degrees) that turns an "up" drawing to point along (dx, dy). */
export const headingOf = (dx: number, dy: number): number => (Math.atan2(dx, -dy) * 180) / Math.PI;

export function quadPoint(p0: Point, p1: Point, p2: Point, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
    y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y,
  };
}

export function quadHeading(p0: Point, p1: Point, p2: Point, t: number): number {
  const dx = 2 * (1 - t) * (p1.x - p0.x) + 2 * t * (p2.x - p1.x);
  const dy = 2 * (1 - t) * (p1.y - p0.y) + 2 * t * (p2.y - p1.y);
  return headingOf(dx, dy);
}

/** Rejection sampling with a minimum spacing (a cheap Poisson disc). */
export function scatter(count: number, minDist: number, sample: () => Point): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < count * 60 && points.length < count; i++) {
    const p = sample();
    if (points.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= minDist)) points.push(p);
  }
  return points;
}

export function inEllipse(rnd: Random, cx: number, cy: number, rx: number, ry: number): Point {
  const a = rnd.range(0, Math.PI * 2);
  const r = Math.sqrt(rnd.next());
  return { x: cx + Math.cos(a) * rx * r, y: cy + Math.sin(a) * ry * r };
}
