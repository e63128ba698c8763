import { Flower2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { imageSrcSet } from "~/services/images/constants";
import { cn } from "~/utils/cn";

export const DEFAULT_FLOWER_IMAGE = "/images/default-flower.webp";
export const NO_IMAGE_TEXT = "No image available";

const WIDTH = 600;
const HEIGHT = 400;

/**
 * A wholesaler's photo in a 3:2 frame. Without a photo the frame says so; a photo that fails to load
 * is replaced by the default stock photo.
 */
export function WholesalerImage({
  src,
  alt,
  lazy = true,
  className,
  sizes = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
}: {
  src: string | null;
  alt: string;
  lazy?: boolean;
  className?: string;
  /** How wide the frame is at each viewport, for choosing among the stored widths. */
  sizes?: string;
}) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const current = src !== null && src === brokenSrc ? DEFAULT_FLOWER_IMAGE : src;
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed while the server-rendered page was still hydrating fired its error event
  // before React listened for it, so check once after mounting.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0 && src !== DEFAULT_FLOWER_IMAGE) setBrokenSrc(src);
  }, [src]);

  const frame = cn("aspect-[3/2] w-full overflow-hidden bg-blush/60", className);
  if (!current) {
    return (
      <div
        className={cn(
          frame,
          "flex aspect-[5/2] flex-col items-center justify-center gap-2 bg-gradient-to-br from-blush/70 via-cream to-[#eef3ec] text-muted",
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-white/80 text-rose-brand shadow-sm">
          <Flower2 className="size-6" aria-hidden="true" />
        </span>
        <span className="text-sm font-medium">{NO_IMAGE_TEXT}</span>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        ref={ref}
        src={current}
        srcSet={imageSrcSet(current)}
        sizes={imageSrcSet(current) ? sizes : undefined}
        alt={alt}
        width={WIDTH}
        height={HEIGHT}
        loading={lazy ? "lazy" : undefined}
        decoding="async"
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        onError={() => {
          if (current !== DEFAULT_FLOWER_IMAGE) setBrokenSrc(src);
        }}
      />
    </div>
  );
}
