import { ArrowRight, BookOpen, MapPinned, PiggyBank } from "~/components/icons";
import { SiteLink } from "~/components/layout/nav-link";

export const FEATURE_CARDS = [
  {
    title: "Wholesaler Directory",
    text: "Search by zipcode or browse by state for wholesale flower markets and suppliers, with addresses, who may buy and one-tap directions.",
    icon: MapPinned,
    link: { label: "Browse by state", to: "/states" },
  },
  {
    title: "DIY Resources",
    text: "Step-by-step guides to buying, conditioning and arranging flowers yourself, from an everyday vase to a full wedding.",
    icon: BookOpen,
    link: { label: "Read the blog", to: "/blog" },
  },
  {
    title: "Budget Options",
    text: "Not near a market? Compare grocery chains that sell good flowers and learn how to stretch every stem of your budget.",
    icon: PiggyBank,
    link: { label: "See grocery options", to: "/#grocery-stores" },
  },
] as const;

export function FeatureCards({ enableBlog }: { enableBlog: boolean }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {FEATURE_CARDS.map(({ title, text, icon: Icon, link }) => {
        const showLink = link.to !== "/blog" || enableBlog;
        const linkClass = "mt-5 inline-flex items-center gap-1.5 font-medium text-rose-brand underline-offset-4 hover:underline";
        return (
          <li key={title} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-7">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-blush text-rose-brand">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 font-serif text-xl font-semibold text-ink">{title}</h3>
            <p className="mt-2 flex-1 leading-relaxed text-muted">{text}</p>
            {showLink ? (
              <SiteLink to={link.to} className={linkClass}>
                {link.label}
                <ArrowRight className="size-4" aria-hidden="true" />
              </SiteLink>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
