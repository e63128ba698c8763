import { useEffect, useRef, useState, type ComponentProps } from "react";
import { createPortal } from "react-dom";

/**
 * A hint shown after the pointer rests on its trigger, a plain badge.
 * Written here rather than with Radix's Tooltip, whose positioning engine alone was 13 KB gzip on every
 * public page (issue #13); see docs/decisions/018-first-load-javascript.md.
 */

/** Delays of the spec: 700 ms before a tooltip opens, 300 ms skip delay between tooltips. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
/** Time to move the pointer from the trigger onto the tooltip (WCAG 1.4.13: the hint can be hovered). */
const CLOSE_GRACE_MS = 100;
const GAP_PX = 6;
const EDGE_PX = 8;

/** When the last tooltip closed: another one opened within the skip delay opens at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The delay before a tooltip opens: none within the skip delay after another one closed. */
const openDelay = () => (performance.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS);

/** Above the trigger, centred, kept inside the viewport; below it when there is no room above. */
function place(tooltip: HTMLElement, trigger: HTMLElement) {
  const arrow = tooltip.lastElementChild;
  if (!(arrow instanceof HTMLElement)) return;
  const anchor = trigger.getBoundingClientRect();
  const { width, height } = tooltip.getBoundingClientRect();
  const centre = anchor.left + anchor.width / 2;
  const left = Math.min(Math.max(centre - width / 2, EDGE_PX), Math.max(EDGE_PX, window.innerWidth - width - EDGE_PX));
  const below = anchor.top - GAP_PX - height < EDGE_PX;
  tooltip.style.top = `${below ? anchor.bottom + GAP_PX : anchor.top - GAP_PX - height}px`;
  tooltip.style.left = `${left}px`;
  tooltip.style.visibility = "visible";
  arrow.style.left = `${Math.min(Math.max(centre - left, 12), width - 12)}px`;
  arrow.classList.add(below ? "-top-1" : "-bottom-1");
}

/**
 * A badge whose hint shows while the pointer rests on it; Escape, a click, leaving it or scrolling hide it.
 * The badge does nothing, so it is not a tab stop (issue #37 point 8): a keyboard or screen reader user finds
 * the same words on the listing's own page, which says them in full.
 */
export function Tooltip({ content, children, ...props }: { content: string } & ComponentProps<"span">) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(delay: number) {
    clearTimeout(timer.current);
    if (delay <= 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  }
  function hide(delay = 0) {
    clearTimeout(timer.current);
    if (delay <= 0) setOpen(false);
    else timer.current = setTimeout(() => setOpen(false), delay);
  }

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("scroll", close, { capture: true, passive: true });
    return () => {
      lastClosedAt = performance.now();
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("scroll", close, { capture: true });
    };
  }, [open]);

  return (
    <>
      <span
        {...props}
        ref={triggerRef}
        onPointerEnter={(event) => {
          if (event.pointerType !== "touch") show(openDelay());
        }}
        onPointerLeave={() => hide(CLOSE_GRACE_MS)}
        onPointerDown={() => hide()}
      >
        {children}
      </span>
      {open
        ? createPortal(
            <div
              ref={(tooltip) => {
                if (tooltip && triggerRef.current) place(tooltip, triggerRef.current);
              }}
              role="tooltip"
              onPointerEnter={() => clearTimeout(timer.current)}
              onPointerLeave={() => hide(CLOSE_GRACE_MS)}
              className="invisible fixed left-0 top-0 z-50 max-w-xs rounded-lg bg-ink px-3 py-1.5 text-xs text-white shadow-md"
            >
              {content}
              <span aria-hidden="true" className="absolute size-2 -translate-x-1/2 rotate-45 bg-ink" />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
