import sharp from "sharp";

/** The sizes a `/favicon.ico` holds: a browser tab, a high-density tab and the Windows shortcut size. */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;

/**
 * An ICO file holding PNG images (the format browsers and Windows have read since Vista): a 6-byte header,
 * a 16-byte entry per image, then the images.
 */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    if (size < 1 || size > 256) throw new Error(`an ICO image is 1 to 256 pixels wide, not ${size}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width, 0 means 256
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

/**
 * `/favicon.ico` drawn from the site's SVG icon. Pages link `/favicon.svg`, but a browser that opens an address
 * without a page (a JSON answer, a calendar file) and older clients ask `/favicon.ico` on their own.
 */
export async function faviconIco(svg: Buffer): Promise<Buffer> {
  const images = await Promise.all(
    FAVICON_ICO_SIZES.map(async (size) => ({
      size,
      png: await sharp(svg, { density: 72 * (size / 64) * 4 })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    })),
  );
  return icoFromPngs(images);
}
