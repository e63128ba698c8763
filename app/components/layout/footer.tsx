import { Clock, Mail, MapPin, Newspaper, Rss, Store } from "~/components/icons";
import { Link } from "react-router";
import { useRenderedDay } from "~/components/wholesalers/listing-facts";
import { Logo } from "./header";
import { SiteLink } from "./nav-link";
import { HEADER_LINKS, OFFICE_HOURS, SUBMIT_LOCATION_HREF, visibleLinks } from "./site-nav";

interface FooterProps {
  siteName: string;
  contactEmail: string;
  enableBlog: boolean;
  enableFestivals: boolean;
  /** The states with the most listings (the root loader's); the block is left out when none has one. */
  popularRegions: { label: string; to: string }[];
}

const headingClass = "footer-heading";
const linkClass = "footer-link";

export function Footer({ siteName, contactEmail, enableBlog, enableFestivals, popularRegions }: FooterProps) {
  // The page's rendering year, not the browser's: a browser whose clock or time zone is in another year (New Year's
  // Eve in California) hydrates the same text.
  const year = useRenderedDay().slice(0, 4);
  const quickLinks = visibleLinks(HEADER_LINKS, { enableBlog, enableFestivals });
  return (
    <footer className="mt-24 bg-[#2a1420] text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo siteName={siteName} className="[&>span:last-child]:text-white" />
          <p className="mt-4 text-sm leading-relaxed">
            Helping flower lovers, DIY arrangers and event florists buy beautiful flowers for less since 2020.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Follow us">
            {enableBlog ? (
              <li>
                <a href="/rss.xml" className="footer-social" aria-label="Blog RSS feed">
                  <Rss className="size-4" aria-hidden="true" />
                </a>
              </li>
            ) : null}
            <li>
              <SiteLink to="/#newsletter" className="footer-social">
                <Newspaper className="size-4" aria-hidden="true" />
                <span className="sr-only">Newsletter</span>
              </SiteLink>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className="footer-social" aria-label="Email us">
                <Mail className="size-4" aria-hidden="true" />
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Quick links">
          <h2 className={headingClass}>Quick Links</h2>
          <ul className="mt-4 grid gap-2.5">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            {quickLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={linkClass}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
            <li>
              <Link to="/all-states" className={linkClass}>
                All 50 States
              </Link>
            </li>
          </ul>
        </nav>

        {popularRegions.length > 0 ? (
          <nav aria-label="Popular regions">
            <h2 className={headingClass}>Popular Regions</h2>
            <ul className="mt-4 grid gap-2.5">
              {popularRegions.map((region) => (
                <li key={region.to}>
                  <Link to={region.to} className={linkClass}>
                    {region.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="footer-contact">
            <li>
              <Mail aria-hidden="true" />
              <a href={`mailto:${contactEmail}`} className="break-all hover:text-white">
                {contactEmail}
              </a>
            </li>
            <li>
              <Clock aria-hidden="true" />
              <span>{OFFICE_HOURS}</span>
            </li>
            <li>
              <MapPin aria-hidden="true" />
              <Link to={SUBMIT_LOCATION_HREF} className="hover:text-white">
                Submit a wholesale location
              </Link>
            </li>
            <li>
              <Store aria-hidden="true" />
              <Link to="/list-your-business" className="hover:text-white">
                List your business
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {siteName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/sitemap" className={linkClass}>
                Sitemap
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
