import { type IconComponent } from "~/components/icons";
import { useId, type ReactNode } from "react";
import { cn } from "~/utils/cn";

export function ToolCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: IconComponent;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("min-w-0 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6", className)}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blush text-rose-brand">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h3 id={headingId} className="font-serif text-lg font-semibold text-ink">
          {title}
        </h3>
      </div>
      <div className="mt-3 text-sm leading-relaxed text-muted">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function Alert({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}
