import { ChevronLeft, ChevronRight, Search } from "~/components/icons";
import { Plus } from "~/components/icons/admin";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { fieldClass } from "~/components/ui/input";
import { ADMIN_PAGE_SIZE } from "~/services/admin/list";
import { cn } from "~/utils/cn";

export function AdminPageHeader({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-serif text-3xl font-semibold text-ink">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

export interface FilterConfig {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/**
 * Search and filters as a GET form: the URL holds them, so the server renders the filtered table and a
 * filtered view can be bookmarked. Typing searches after a short pause; a filter applies at once.
 */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  filters = [],
}: {
  searchLabel: string;
  searchPlaceholder: string;
  filters?: FilterConfig[];
}) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 md:flex-row md:flex-wrap md:items-end"
    >
      {/* The search keeps a usable width; filters that do not fit beside it wrap to the next line. */}
      <div className="flex-1 md:min-w-72">
        <label htmlFor="admin-search" className="mb-1.5 block text-sm font-medium">
          {searchLabel}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-stone-400" aria-hidden="true" />
          <input
            id="admin-search"
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder={searchPlaceholder}
            className={cn(fieldClass, "h-11 pl-10")}
            onChange={() => apply(300)}
          />
        </div>
      </div>
      {filters.map((filter) => (
        <div key={filter.name} className="md:w-52">
          <label htmlFor={`filter-${filter.name}`} className="mb-1.5 block text-sm font-medium">
            {filter.label}
          </label>
          <select
            id={`filter-${filter.name}`}
            name={filter.name}
            defaultValue={params.get(filter.name) ?? ""}
            className={cn(fieldClass, "h-11")}
            onChange={() => apply(0)}
          >
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" variant="secondary" className="md:self-end">
        Search
      </Button>
    </Form>
  );
}

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  className?: string;
}

/**
 * The table of an admin list. While the list reloads for new search terms it shows `loadingText`
 * (the spec's 'Loading festivals data...', 'Loading blog posts...').
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  loadingText,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  emptyText: string;
  loadingText?: string;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {/* On phones each row becomes a card of labelled fields, so that no column (nor the row's buttons) hides off screen. */}
      <div className="md:overflow-x-auto">
        <table className="w-full text-left text-sm max-md:block md:min-w-[640px]">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wider text-muted max-md:sr-only">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn("px-4 py-3 font-semibold", column.className)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={cn("divide-y divide-stone-100 max-md:block", reloading && "opacity-60")}>
            {reloading && loadingText ? (
              <tr className="max-md:block">
                <td colSpan={columns.length} className="px-4 py-3 text-center text-muted max-md:block" role="status">
                  {loadingText}
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-stone-50/60 max-md:block max-md:px-4 max-md:py-3">
                {columns.map((column, index) => {
                  // The name leads the card and the buttons end it; the fields between are labelled.
                  const label = index === 0 || column.header === "Actions" ? undefined : column.header;
                  return (
                    <td
                      key={column.header}
                      data-label={label}
                      className={cn(
                        "px-4 py-3 max-md:flex max-md:w-auto max-md:min-w-0 max-md:items-start max-md:gap-3 max-md:px-0 max-md:py-1 max-md:text-left",
                        label &&
                          "max-md:before:w-24 max-md:before:shrink-0 max-md:before:pt-0.5 max-md:before:text-xs max-md:before:font-semibold max-md:before:uppercase max-md:before:tracking-wider max-md:before:text-muted max-md:before:content-[attr(data-label)]",
                        column.header === "Actions" && "max-md:-ml-2 max-md:pt-2",
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Outside the scrolling table, so that a narrow screen shows it instead of the table's middle. */}
      {rows.length === 0 ? <p className="border-t border-stone-100 px-4 py-12 text-center text-muted">{emptyText}</p> : null}
    </div>
  );
}

/** Pages of 10 rows, shown only when the filtered results exceed one page. */
export function Pagination({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const [params] = useSearchParams();
  if (total <= ADMIN_PAGE_SIZE) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  const first = (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);
  const linkClass = buttonVariants({ variant: "secondary", size: "sm" });
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted">
        Showing {first}-{last} of {total}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset>
            <ChevronLeft aria-hidden="true" /> Previous
          </Link>
        ) : null}
        <span className="px-2 text-sm" aria-current="page">
          Page {page} of {pageCount}
        </span>
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset>
            Next <ChevronRight aria-hidden="true" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
