import { ExternalLink, Flower2, Menu, ShieldCheck, X } from "~/components/icons";
import { LogOut } from "~/components/icons/admin";
import { Dialog } from "radix-ui";
import "./style-nonce";
import { useState } from "react";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { cn } from "~/utils/cn";
import { DeleteResultToasts } from "./list/record-dialog";
import { ADMIN_NAV, type AdminNavCounts } from "./nav";

export interface ShellAdmin {
  email: string;
  name: string | null;
}

function Brand({ siteName }: { siteName: string }) {
  return (
    <Link to="/admin" className="flex min-w-0 items-center gap-2.5 rounded-xl">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-brand text-white shadow-sm">
        <Flower2 className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 leading-tight">
        <span className="block font-serif text-base font-semibold text-plum">{siteName}</span>
        <span className="block text-xs font-medium uppercase tracking-wider text-muted">Admin</span>
      </span>
    </Link>
  );
}

function NavList({ counts, onNavigate }: { counts?: AdminNavCounts; onNavigate?: () => void }) {
  return (
    <ul className="grid gap-0.5">
      {ADMIN_NAV.map(({ to, label, icon: Icon, count, countLabel }) => {
        const waiting = count && counts ? counts[count] : 0;
        return (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/admin"}
              prefetch="intent"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors",
                  isActive ? "bg-blush text-rose-brand" : "text-ink/80 hover:bg-stone-100 hover:text-ink",
                )
              }
            >
              <Icon className="size-[1.125rem] shrink-0" aria-hidden="true" />
              {label}
              {waiting > 0 ? (
                <span
                  className="ml-auto rounded-full bg-rose-brand px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
                  data-testid="nav-count"
                >
                  {waiting}
                  <span className="sr-only"> {countLabel}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function Account({ admin }: { admin: ShellAdmin }) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/admin/logout";
  return (
    <div className="border-t border-stone-200 pt-4">
      <p className="px-3 text-sm font-semibold text-ink">{admin.name ?? "Admin"}</p>
      <p className="truncate px-3 text-xs text-muted" title={admin.email}>
        {admin.email}
      </p>
      <div className="mt-3 grid gap-1">
        {/* The admin's own account: two-step sign-in (decision 048). */}
        <NavLink
          to="/admin/account"
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium",
              isActive ? "bg-blush text-rose-brand" : "text-ink/80 hover:bg-stone-100 hover:text-ink",
            )
          }
        >
          <ShieldCheck className="size-[1.125rem]" aria-hidden="true" />
          Two-step sign-in
        </NavLink>
        <Link
          to="/"
          className="flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink/80 hover:bg-stone-100 hover:text-ink"
        >
          <ExternalLink className="size-[1.125rem]" aria-hidden="true" />
          View site
        </Link>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            disabled={signingOut}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm font-medium text-ink/80 hover:bg-stone-100 hover:text-rose-brand disabled:opacity-60"
          >
            <LogOut className="size-[1.125rem]" aria-hidden="true" />
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The frame of every signed-in admin page: a sidebar on wide screens, a top bar with a slide-in menu on small ones. */
export function AdminShell({
  admin,
  siteName,
  counts,
  children,
}: {
  admin: ShellAdmin;
  siteName: string;
  counts?: AdminNavCounts;
  children: React.ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-stone-50">
      <DeleteResultToasts />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-stone-200 bg-white px-4 py-5 lg:flex">
        <div className="px-1">
          <Brand siteName={siteName} />
        </div>
        <nav aria-label="Admin" className="mt-8 flex-1 overflow-y-auto">
          <NavList counts={counts} />
        </nav>
        <Account admin={admin} />
      </aside>

      <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-stone-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:hidden">
        <Brand siteName={siteName} />
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-blush"
            aria-label="Open admin menu"
          >
            <Menu className="size-6" aria-hidden="true" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm data-[state=open]:animate-[fade-in_200ms_ease-out]" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col overflow-y-auto bg-white p-5 shadow-2xl"
            >
              <div className="flex items-center justify-between">
                <Dialog.Title className="font-serif text-lg font-semibold text-plum">Admin menu</Dialog.Title>
                <Dialog.Close
                  className="inline-flex size-11 items-center justify-center rounded-full hover:bg-blush"
                  aria-label="Close admin menu"
                >
                  <X className="size-6" aria-hidden="true" />
                </Dialog.Close>
              </div>
              <nav aria-label="Admin" className="mt-4 flex-1">
                <NavList counts={counts} onNavigate={() => setMenuOpen(false)} />
              </nav>
              <div className="mt-6">
                <Account admin={admin} />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>

      <div className="lg:pl-64">
        <main id="admin-main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-10">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
