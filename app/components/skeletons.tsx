import { Skeleton } from "./ui/skeleton";

/** Placeholder counts of the spec: 8 for state lists, 6 for the blog list. */
export const STATE_PLACEHOLDERS = 8;
export const BLOG_PLACEHOLDERS = 6;

function PageHeadingSkeleton() {
  return (
    <div className="grid gap-3">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-10 w-3/4 max-w-lg" />
      <Skeleton className="h-4 w-full max-w-2xl" />
    </div>
  );
}

export function StateCardsSkeleton({ count = STATE_PLACEHOLDERS }: { count?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true" data-testid="state-placeholders">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-2xl border border-stone-200 bg-white p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-3 h-4 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

export function CardGridSkeleton({
  count,
  columns = "sm:grid-cols-2 lg:grid-cols-3",
  testId,
}: {
  count: number;
  columns?: string;
  testId?: string;
}) {
  return (
    <ul className={`grid gap-6 ${columns}`} aria-hidden="true" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <Skeleton className="aspect-[3/2] rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:px-8" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <PageHeadingSkeleton />
      {children}
    </div>
  );
}

/** What a page shows while its data loads during client-side navigation, or null to keep the current page. */
export function skeletonFor(pathname: string) {
  if (pathname === "/states" || pathname === "/all-states") {
    return (
      <Frame>
        <StateCardsSkeleton />
      </Frame>
    );
  }
  if (pathname === "/blog") {
    return (
      <Frame>
        <CardGridSkeleton count={BLOG_PLACEHOLDERS} columns="md:grid-cols-2" testId="blog-placeholders" />
      </Frame>
    );
  }
  if (pathname.startsWith("/state/")) {
    return (
      <Frame>
        <CardGridSkeleton count={6} testId="wholesaler-placeholders" />
      </Frame>
    );
  }
  if (pathname.startsWith("/festivals") || pathname.startsWith("/blog/")) {
    return (
      <Frame>
        <CardGridSkeleton count={3} />
      </Frame>
    );
  }
  return null;
}
