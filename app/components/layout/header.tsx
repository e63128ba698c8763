import { Flower2, Menu, Search, X } from "~/components/icons";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../ui/modal";
import { useHydrated } from "../wholesalers/use-hydrated";
import { SiteLink } from "./nav-link";
import { HEADER_LINKS, visibleLinks } from "./site-nav";

interface HeaderProps {
  siteName: string;
  enableBlog: boolean;
  enableFestivals: boolean;
}

export function Logo({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2 font-serif text-lg font-semibold text-plum ${className ?? ""}`}>
      <span className="logo-mark">
        <Flower2 className="size-5" aria-hidden="true" />
      </span>
      <span>{siteName}</span>
    </Link>
  );
}

const MENU_BUTTON = "inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-blush lg:hidden";

export function Header({ siteName, enableBlog, enableFestivals }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const titleId = useId();
  const links = visibleLinks(HEADER_LINKS, { enableBlog, enableFestivals });

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo siteName={siteName} />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="nav-link">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <Link to="/search" aria-label="Search the directory" className="header-icon">
            <Search className="size-5" aria-hidden="true" />
          </Link>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setOpen(true)}
              className={MENU_BUTTON}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={open}
            >
              <Menu className="size-6" aria-hidden="true" />
            </button>
          ) : (
            // Without JavaScript (and until the page is interactive) the menu is the site map's page of every link.
            <Link to="/sitemap" className={MENU_BUTTON} aria-label="Open menu">
              <Menu className="size-6" aria-hidden="true" />
            </Link>
          )}
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            labelledBy={titleId}
            className="inset-y-0 left-auto right-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none open:animate-[slide-in_250ms_ease-out]"
          >
            <div className="flex min-h-full flex-col bg-cream p-6 shadow-2xl">
              <div className="flex items-center justify-between">
                <h2 id={titleId} className="font-serif text-lg font-semibold text-plum">
                  Menu
                </h2>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="inline-flex size-11 items-center justify-center rounded-full hover:bg-blush"
                  aria-label="Close menu"
                >
                  <X className="size-6" aria-hidden="true" />
                </button>
              </div>
              <nav aria-label="Mobile" className="mt-6">
                <ul className="grid gap-1">
                  {links.map((link) => (
                    <li key={link.to}>
                      <SiteLink
                        to={link.to}
                        onClick={() => setOpen(false)}
                        className="block rounded-xl px-4 py-3 text-base font-medium text-ink hover:bg-blush hover:text-rose-brand"
                      >
                        {link.label}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </Modal>
        </div>
      </div>
    </header>
  );
}
