import { Flower2 } from "~/components/icons";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { DEFAULT_IMAGE } from "~/services/images/constants";
import { cn } from "~/utils/cn";

export const DEFAULT_FLOWER_IMAGE = DEFAULT_IMAGE;
export const NO_IMAGE_TEXT = "No image available";

/** The frame's own classes; a caller's may resize it. */
const FRAME = "aspect-[3/2] w-full overflow-hidden";
const WIDTH = 600;
const HEIGHT = 400;

/**
 * A wholesaler's photo in a 3:2 frame. Without a photo the frame says so (the listing's page keeps the
 * frame; a card leaves it out); a photo that fails to load is replaced by the default stock photo.
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
  // A caller's classes may resize the frame (`w-24`), so they are merged; its fill comes last, as before.
  const frame = (fill: string) => (className ? cn(FRAME, className, fill) : `${FRAME} ${fill}`);
  if (!src) {
    return (
      <div
        className={frame(
          "flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-blush/70 via-cream to-[#eef3ec] text-muted",
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
    <div className={frame("bg-blush/60")}>
      <ResponsiveImage
        src={src}
        sizes={sizes}
        alt={alt}
        width={WIDTH}
        height={HEIGHT}
        loading={lazy ? "lazy" : "eager"}
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    </div>
  );
}
