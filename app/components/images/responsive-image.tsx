import { useEffect, useRef, useState, type ComponentProps } from "react";
import { DEFAULT_IMAGE, imageSrcSet } from "~/services/images/constants";

export type ResponsiveImageProps = Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes" | "width" | "height"> & {
  /** The record's image; none shows the default photo. */
  src: string | null | undefined;
  /** How wide the image is drawn at each viewport, for choosing among its widths (srcset). */
  sizes: string;
  /** The intrinsic size, so the page keeps the image's box while it loads. */
  width: number;
  height: number;
};

/**
 * An <img> with the widths an image comes in (uploads and generated images: 400, 800 and 1200 px), lazy
 * unless told otherwise, and the local default photo in place of an image that fails to load.
 * Give the page's main (LCP) image loading="eager" and fetchPriority="high".
 */
export function ResponsiveImage({ src, sizes, loading = "lazy", decoding = "async", onError, ...props }: ResponsiveImageProps) {
  const wanted = src || DEFAULT_IMAGE;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const current = wanted === brokenSrc ? DEFAULT_IMAGE : wanted;
  const srcSet = imageSrcSet(current);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed while the server-rendered page was still hydrating fired its error event
  // before React listened for it, so check once after mounting.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0 && wanted !== DEFAULT_IMAGE) setBrokenSrc(wanted);
  }, [wanted]);

  return (
    <img
      ref={ref}
      {...props}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={loading}
      decoding={decoding}
      onError={(event) => {
        if (current !== DEFAULT_IMAGE) setBrokenSrc(wanted);
        onError?.(event);
      }}
    />
  );
}
