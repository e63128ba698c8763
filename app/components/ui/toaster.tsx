import { CheckCircle2, CircleAlert, Info, X } from "~/components/icons";
import { Toast } from "radix-ui";
import { clsx } from "clsx";
import { dismissToast, useToasts } from "./use-toast";

/** Toasts show for 5000 ms, swipe right past 50 px to dismiss, and F8 focuses the notification area. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => {
        const Icon = t.variant === "destructive" ? CircleAlert : t.variant === "success" ? CheckCircle2 : Info;
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            className={clsx(
              "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg transition-all",
              "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
              "data-[state=closed]:opacity-0 data-[state=open]:animate-[toast-in_200ms_ease-out]",
              t.variant === "destructive" ? "border-red-200 bg-red-50 text-red-950" : "border-stone-200 bg-white text-ink",
            )}
          >
            <Icon
              aria-hidden="true"
              className={clsx(
                "mt-0.5 size-5 shrink-0",
                t.variant === "destructive" ? "text-red-700" : t.variant === "success" ? "text-leaf" : "text-rose-brand",
              )}
            />
            <div className="grid gap-1">
              {t.title ? <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title> : null}
              {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
            </div>
            <Toast.Close
              aria-label="Close notification"
              className="absolute right-2 top-2 rounded-full p-1.5 opacity-70 hover:opacity-100 focus-visible:opacity-100"
            >
              <X className="size-4" aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
