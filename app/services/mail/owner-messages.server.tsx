import { renderMail } from "./messages.server";
import { Action, MailLayout, P, type MailContext } from "./templates/layout";

/** Messages to the owners of listings (decision 045): sign-in links, the claim's decision, "Is your listing still right?". */

const signInReason = (context: MailContext, to: string) =>
  `You get this because ${to} was given to sign in as the owner of a listing on ${context.siteName}. If it was not you, ignore this message: nobody can sign in without this link.`;

/** A sign-in link: after a claim on the listing's own website domain, or asked for on /owner/sign-in. */
export function ownerSignInMail(context: MailContext, to: string, linkUrl: string, listingName?: string) {
  return renderMail(
    "owner-sign-in",
    to,
    listingName ? `Sign in to update ${listingName}` : `Your sign-in link for ${context.siteName}`,
    <MailLayout
      context={context}
      preview="A link to sign in to your listing, valid for 30 minutes."
      heading={listingName ? `Sign in to update ${listingName}` : "Sign in to your listing"}
      reason={signInReason(context, to)}
    >
      <P>
        Open the link below to sign in and keep your listing right: phone, website, who may buy, weekly hours and description. It works
        once, within 30 minutes. You can ask for a new one at any time on the sign-in page.
      </P>
      <Action href={linkUrl} label="Sign in to my listing" />
    </MailLayout>,
  );
}

/** The claim was approved by an admin: the new owner's first sign-in link. */
export function ownerApprovedMail(context: MailContext, to: string, linkUrl: string, listingName: string) {
  return renderMail(
    "owner-sign-in",
    to,
    `Your claim of ${listingName} was approved`,
    <MailLayout
      context={context}
      preview="You can now keep your listing right yourself."
      heading={`You now manage ${listingName}`}
      reason={`You get this because ${to} claimed the listing ${listingName} on ${context.siteName}.`}
    >
      <P>
        An admin checked your claim and approved it. Open the link below to sign in and update the listing. It works once, within 30
        minutes; ask for a new one at any time on the sign-in page.
      </P>
      <Action href={linkUrl} label="Sign in to my listing" />
    </MailLayout>,
  );
}

/** The claim was refused by an admin. */
export function ownerClaimRejectedMail(context: MailContext, to: string, listingName: string) {
  return renderMail(
    "owner-claim",
    to,
    `Your claim of ${listingName}`,
    <MailLayout
      context={context}
      preview="We could not confirm that you speak for this business."
      heading={`Your claim of ${listingName}`}
      reason={`You get this because ${to} claimed the listing ${listingName} on ${context.siteName}.`}
    >
      <P>
        We could not confirm that you speak for {listingName}, so the claim was not approved. Claim it again with an email address on the
        business&apos;s own website, or write to {context.contactEmail} and tell us how we can check.
      </P>
    </MailLayout>,
  );
}

/** "Is your listing still right?": one click confirms it, or sign in to correct it. */
export function ownerFreshnessMail(
  context: MailContext,
  to: string,
  links: { listingName: string; stillRightUrl: string; editUrl: string; signInUrl: string },
) {
  return renderMail(
    "owner-freshness",
    to,
    `Is your listing still right? ${links.listingName}`,
    <MailLayout
      context={context}
      preview="One click tells florists your facts are current."
      heading={`Is ${links.listingName} still right?`}
      reason={`You get this because ${to} owns the listing ${links.listingName} on ${context.siteName}; we ask its owners from time to time.`}
    >
      <P>
        Florists drive at dawn to the address and hours we show. Please look at your listing: if everything is still right, one click says
        so and the listing shows it was checked this month.
      </P>
      <Action href={links.stillRightUrl} label="Yes, still right" />
      <P>Something changed? Sign in and edit the listing: the sign-in page mails you a link.</P>
      <Action href={links.editUrl} label="Edit my listing" />
    </MailLayout>,
  );
}

/** Three weeks before a flower holiday's week: "What are your hours for Mother's Day week?" (decision 043). */
export function ownerHolidayMail(
  context: MailContext,
  to: string,
  facts: { listingName: string; holidayName: string; week: string; editUrl: string },
) {
  return renderMail(
    "owner-holiday",
    to,
    `Your hours for ${facts.holidayName} week: ${facts.listingName}`,
    <MailLayout
      context={context}
      preview={`Florists plan ${facts.holidayName} now. Tell them when you open.`}
      heading={`What are your hours for ${facts.holidayName} week?`}
      reason={`You get this because ${to} owns the listing ${facts.listingName} on ${context.siteName}; we ask its owners before each flower holiday.`}
    >
      <P>
        Florists plan {facts.holidayName} ({facts.week}) weeks ahead, and many markets open earlier or close on the day. Add that
        week&rsquo;s special hours to your listing, even if they do not change: the listing then says &ldquo;Hours for {facts.holidayName}{" "}
        week confirmed&rdquo;.
      </P>
      <P>Sign in and edit the listing: the sign-in page mails you a link.</P>
      <Action href={facts.editUrl} label="Add my holiday hours" />
    </MailLayout>,
  );
}
