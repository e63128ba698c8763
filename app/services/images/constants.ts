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

/** The local stock photo shown where a record has no image, or its image fails to load. */
export const DEFAULT_IMAGE = "/images/default-flower.webp";

/**
 * The images scripts/generate-images.ts draws at 1200 px wide ("/images/blog/<name>.webp",
 * "/images/festivals/<name>.webp" and the default photo), each with "<name>-400.webp" and "<name>-800.webp"
 * beside it. A name that itself ends in a width is a variant, not a source.
 */
const GENERATED_IMAGE = /^\/images\/(?:(?:blog|festivals)\/[A-Za-z0-9_-]+|default-flower)\.webp$/;
const GENERATED_VARIANT = /-(?:400|800)\.webp$/;

/**
 * The responsive variants of an image URL, for srcset: an upload ("/uploads/<hash>-1200.webp") or a
 * generated image ("/images/blog/<name>.webp"). Any other URL has no known variants (undefined).
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/uploads\/[a-f0-9]{16,64}-1200\.webp$/.test(url)) {
    return IMAGE_WIDTHS.map((width) => `${url.replace(/-1200\.webp$/, `-${width}.webp`)} ${width}w`).join(", ");
  }
  if (GENERATED_IMAGE.test(url) && !GENERATED_VARIANT.test(url)) {
    const stem = url.slice(0, -".webp".length);
    return IMAGE_WIDTHS.map((width) => `${width === 1200 ? url : `${stem}-${width}.webp`} ${width}w`).join(", ");
  }
  return undefined;
}

/** The records whose image the editors upload through the pipeline, and the upload URL of each. */
export const RECORD_IMAGE_KINDS = ["wholesaler", "festival", "blog"] as const;
export type RecordImageKind = (typeof RECORD_IMAGE_KINDS)[number];

/**
 * POST target of an upload. With `updatedAt` (the version an edit form holds), the server refuses the
 * upload if someone saved the record since, so the form can adopt the version the upload answers with.
 */
export function recordImageUploadUrl(kind: RecordImageKind, id: number, updatedAt?: string): string {
  const url = `/api/upload/${kind}/${id}`;
  return updatedAt ? `${url}?${new URLSearchParams({ updatedAt })}` : url;
}

/** The tables whose rows carry an `image` URL. */
export const IMAGE_TABLES = ["wholesalers", "blog_posts", "festivals"] as const;
export type ImageTable = (typeof IMAGE_TABLES)[number];
