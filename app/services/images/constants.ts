/** Client-safe limits and texts of the upload pipeline (the spec's section 5 and 8). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const ACCEPTED_IMAGE_LABEL = "JPG, PNG or WebP";
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
/** Width/height of every stored variant: 3:2. */
export const IMAGE_ASPECT = 3 / 2;

export const FILE_TOO_LARGE_MESSAGE = "File size exceeds the maximum limit of 5MB.";
export const UNSUPPORTED_TYPE_MESSAGE = `Unsupported image format. Please upload a ${ACCEPTED_IMAGE_LABEL} image.`;
export const invalidFileTypeMessage = (type: string) => `Invalid file type. Please upload a ${type} file.`;

/** The responsive variants of a stored image URL ("/uploads/<hash>-1200.webp"), for srcset. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !/^\/uploads\/[a-f0-9]{16,64}-1200\.webp$/.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url.replace(/-1200\.webp$/, `-${width}.webp`)} ${width}w`).join(", ");
}
