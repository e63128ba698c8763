import type { ComponentProps, MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

/** Sections sit below the sticky header, which is 80 px tall. */
export const SCROLL_OFFSET = 80;
/** After navigating home from another page, wait this long before scrolling. */
export const HOME_SCROLL_DELAY = 100;

export function scrollToSection(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top, behavior: "smooth" });
  window.history.replaceState(window.history.state, "", `/#${id}`);
}

/** The navigation resolves before React has committed the home page, which can take longer than the delay. */
function scrollWhenRendered(id: string, deadline: number) {
  if (document.getElementById(id)) scrollToSection(id);
  else if (performance.now() < deadline) requestAnimationFrame(() => scrollWhenRendered(id, deadline));
}

/**
 * A link to a section of the home page ("/#blog"): scrolls smoothly there on the home page, otherwise
 * navigates home first and scrolls after 100 ms.
 */
export function HashLink({ to, onClick, ...props }: ComponentProps<"a"> & { to: `/#${string}` }) {
  const location = useLocation();
  const navigate = useNavigate();
  const id = to.slice(2);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (location.pathname === "/") {
      scrollToSection(id);
      return;
    }
    void Promise.resolve(navigate("/")).then(() => {
      setTimeout(() => scrollWhenRendered(id, performance.now() + 2000), HOME_SCROLL_DELAY);
    });
  }

  return <a href={to} onClick={handleClick} {...props} />;
}
