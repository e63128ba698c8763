import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the browser's own <dialog> (docs/decisions/018-first-load-javascript.md): showModal()
 * makes the rest of the page inert, gives the dialog role and its name (aria-labelledby), and closes it on
 * Escape. Added here: Tab and Shift+Tab cycle inside it, a click on the backdrop closes it, focus goes back
 * to what had it before, and the page behind does not scroll (app.css). Its content exists only while it is
 * open, so a form in it is made afresh each time.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // The dialog box is filled by its content, so a click on the dialog element itself is on the backdrop.
  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
        returnFocusTo.current = null;
      }}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      className={`bg-transparent backdrop:bg-ink/40 backdrop:backdrop-blur-sm backdrop:animate-[fade-in_200ms_ease-out] ${className ?? ""}`}
    >
      {open ? children : null}
    </dialog>
  );
}
