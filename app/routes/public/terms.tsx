import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/terms";
import { Link, useRouteLoaderData } from "react-router";
import { LegalDocument, type LegalSection } from "~/components/about/legal-document";
import type { loader as rootLoader } from "~/root";

export const TERMS_TITLE = "Terms of Service";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: TERMS_TITLE,
    description: "The terms for using the wholesale flower directory, blog, festival calendar, newsletter and location suggestion form.",
    keywords: "terms of service, terms of use, directory listings, location suggestions",
    path: "/terms",
  });

/** The terms of service. */
export default function Terms() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.general.siteName ?? "Wholesale Flower Finder";
  const email = root?.settings.general.contactEmail ?? "hello@wholesaleflowerfinder.com";
  const mail = <a href={`mailto:${email}`}>{email}</a>;

  const sections: LegalSection[] = [
    {
      heading: "Using the site",
      body: (
        <p>
          {siteName} is free to use for finding flower suppliers, reading our guides and planning visits to flower
          festivals. You may use it for personal and business purposes, as long as you follow these terms and the law.
        </p>
      ),
    },
    {
      heading: "Directory listings",
      body: (
        <>
          <p>
            We work to keep listings accurate, but businesses change their hours, prices and policies, and some sell only
            to the trade. Listings are for information only: please confirm details such as opening hours and public access
            with the business before you travel.
          </p>
          <p>
            Listed businesses are independent. We are not affiliated with them unless we say so, and we are not responsible
            for their products, services or prices. Festival dates and details come from organizers and may change.
          </p>
        </>
      ),
    },
    {
      heading: "Your submissions",
      body: (
        <p>
          When you suggest a location, you confirm that the information is accurate to the best of your knowledge and that
          you may share it. You allow us to verify, edit and publish the business details in the directory. Do not submit
          spam, advertising unrelated to flowers, or anyone else&apos;s personal information. We may decline or remove any
          submission.
        </p>
      ),
    },
    {
      heading: "Newsletter",
      body: (
        <p>
          Subscribing means you agree to receive occasional emails from us. Every email includes a link to unsubscribe,
          and you can leave at any time. See our <Link to="/privacy">Privacy Policy</Link> for how we handle your address.
        </p>
      ),
    },
    {
      heading: "Content and acceptable use",
      body: (
        <>
          <p>
            Articles, photos and the design of the site belong to {siteName} or its licensors. You may share links and
            short quotes with attribution, but please do not republish whole articles without permission.
          </p>
          <p>
            Do not try to disrupt the site, get around its security or rate limits, or copy the directory in bulk with
            automated tools. The public API is offered for reasonable, non-abusive use.
          </p>
        </>
      ),
    },
    {
      heading: "No warranty and limitation of liability",
      body: (
        <p>
          The site is provided &quot;as is&quot;, without warranties of any kind. To the extent the law allows, we are not
          liable for losses arising from your use of the site or from relying on its listings, articles or event
          information, including a wasted trip to a business that has changed its hours.
        </p>
      ),
    },
    {
      heading: "Links to other sites",
      body: (
        <p>
          Directions, wholesaler websites and festival pages are provided by others. We do not control them and are not
          responsible for their content or practices.
        </p>
      ),
    },
    {
      heading: "Changes and contact",
      body: (
        <p>
          We may update these terms; the effective date above shows when they last changed, and continuing to use the site
          means you accept the current version. Questions about these terms? Email {mail}.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      eyebrow="Legal"
      title={TERMS_TITLE}
      intro={<p>These terms apply to everyone who visits {siteName}. Please read them before using the directory or sending us a suggestion.</p>}
      sections={sections}
    />
  );
}
