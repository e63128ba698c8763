import sharp from "sharp";

/** The background of the maskable icon and of the installed app's splash screen (the site's cream, app.css). */
export const APP_BACKGROUND = "#fdf8f3";

/**
 * The installed app's icons, drawn from public/favicon.svg (docs/decisions/046-offline-service-worker.md):
 * "any" icons at 192 and 512 px (the flower on a transparent ground), a 512 px maskable one (the flower inside
 * the central 80% safe zone, on the cream ground, which a launcher may crop to a circle or a squircle).
 */
export const APP_ICONS = [
  { file: "icons/icon-192.png", size: 192, inset: 0, background: null },
  { file: "icons/icon-512.png", size: 512, inset: 0, background: null },
  { file: "icons/icon-maskable-512.png", size: 512, inset: 0.2, background: APP_BACKGROUND },
] as const;

/** One icon: the SVG rendered at its own size (not a scaled bitmap), inset on its ground when it has one. */
export async function appIcon(svg: Buffer, { size, inset, background }: (typeof APP_ICONS)[number]): Promise<Buffer> {
  const inner = Math.round(size * (1 - inset));
  const flower = await sharp(svg, { density: 72 * (inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  if (!background) return sharp(flower).png({ compressionLevel: 9 }).toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: flower, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
