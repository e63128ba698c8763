import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/privacy";
import { Link, useRouteLoaderData } from "react-router";
import { LegalDocument, type LegalSection } from "~/components/about/legal-document";
import type { loader as rootLoader } from "~/root";
import { SUGGESTIONS_PER_HOUR } from "~/services/suggestions/suggestion-form";

export const PRIVACY_TITLE = "Privacy Policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: PRIVACY_TITLE,
    description: "What personal information the site collects (newsletter email, location suggestions, server logs), why, how long we keep it and how to have it deleted.",
    keywords: "privacy policy, personal information, newsletter email, cookies",
    path: "/privacy",
  });

/** The privacy policy. */
export default function Privacy() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.general.siteName ?? "Wholesale Flower Finder";
  const email = root?.settings.general.contactEmail ?? "hello@wholesaleflowerfinder.com";
  const analytics = Boolean(root?.settings.seo.googleAnalyticsId);
  const mail = <a href={`mailto:${email}`}>{email}</a>;

  const sections: LegalSection[] = [
    {
      heading: "Information we collect",
      body: (
        <>
          <p>You can use the whole site without an account. We only collect what you choose to send us and what any web server records:</p>
          <ul>
            <li>
              <strong>Newsletter:</strong> the email address you subscribe with, when you subscribed, confirmed (or
              unsubscribed), and a copy of each email we send you.
            </li>
            <li>
              <strong>Location suggestions:</strong> what you enter in the Submit a Location form (business name and address,
              and optionally your name, email address and other details), the time you sent it and your IP address.
            </li>
            <li>
              <strong>Server logs:</strong> your IP address, the page requested, the response status and the time of each
              request.
            </li>
          </ul>
          <p>A zipcode you search for is used only to answer that search; like every request, it appears in the server logs.</p>
        </>
      ),
    },
    {
      heading: "How we use it",
      body: (
        <ul>
          <li>
            To send the newsletter you asked for (flower deals, seasonal guides and arranging tips), once you have confirmed
            your address with the link we email you. Our emails carry no tracking pixels and their links are not rewritten.
          </li>
          <li>To send a receipt for a listing request, and our decision on it, to the address you gave.</li>
          <li>To review your suggestion and, if needed, contact you about it. Business details may be published in the directory; your name and email never are.</li>
          <li>
            To keep the site secure and working: logs and IP addresses help us detect abuse, and we accept at most{" "}
            {SUGGESTIONS_PER_HOUR} suggestions per address per hour to stop spam.
          </li>
        </ul>
      ),
    },
    {
      heading: "Cookies and analytics",
      body: analytics ? (
        <p>
          Visitors need no cookies to use the site. We use Google Analytics to understand which pages are useful; it sets
          its own cookies and receives your IP address and information about your visit. You can block it with your
          browser&apos;s privacy settings or an ad blocker without losing any feature of the site.
        </p>
      ) : (
        <p>
          The public site sets no cookies and uses no advertising or analytics trackers. Only the site owners&apos;
          admin area uses a cookie, to keep administrators signed in.
        </p>
      ),
    },
    {
      heading: "Sharing",
      body: (
        <p>
          We do not sell, rent or trade your personal information. We share it only with the service providers that host
          and run the site on our behalf, or when the law requires it. Links to maps, wholesalers and festival websites take
          you to other sites with their own privacy policies.
        </p>
      ),
    },
    {
      heading: "How long we keep it",
      body: (
        <ul>
          <li>
            Newsletter addresses: until you unsubscribe, in one click, with the link in every email. An address never
            confirmed is deleted after 14 days.
          </li>
          <li>Suggestions: while we review them and for as long as they are useful to keep the directory accurate.</li>
          <li>Server logs: only as long as needed for security and troubleshooting.</li>
        </ul>
      ),
    },
    {
      heading: "Your choices and rights",
      body: (
        <p>
          You can unsubscribe from the newsletter at any time. To see, correct or delete the information we hold about
          you, email {mail}; we will answer within 30 days. We do not knowingly collect information from children under
          13.
        </p>
      ),
    },
    {
      heading: "Changes and contact",
      body: (
        <p>
          If we change this policy we will update the effective date above, and for significant changes we will say so on
          the site or in the newsletter. Questions? Email {mail} or read our <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      eyebrow="Legal"
      title={PRIVACY_TITLE}
      intro={
        <p>
          {siteName} helps people find wholesale flower suppliers. This policy explains what personal information we collect
          when you use the site, why, and the choices you have. In short: very little, never sold.
        </p>
      }
      sections={sections}
    />
  );
}
