import { renderMail } from "./messages.server";
import { Action, MailLayout, P, type MailContext } from "./templates/layout";

/** "Tell me when a supplier is listed near me": the request as its messages name it. */
export interface DemandRequestFacts {
  email: string;
  zipcode: string;
  radiusMiles: number;
}

/** The listing a fulfilled request's message names. */
export interface DemandListingFacts {
  name: string;
  address: string;
  city: string;
  stateCode: string;
  zipcode: string;
  /** The listing's public page, absolute. */
  url: string;
  /** From the request's zipcode to the listing, rounded. */
  distanceMiles: number;
}

export const demandConfirmUrl = (context: MailContext, token: string) =>
  `${context.siteUrl}/notify-me/confirm?token=${encodeURIComponent(token)}`;
export const demandUnsubscribeUrl = (context: MailContext, token: string) =>
  `${context.siteUrl}/notify-me/unsubscribe?token=${encodeURIComponent(token)}`;

const within = (request: DemandRequestFacts) => `within ${request.radiusMiles} miles of ${request.zipcode}`;

/** The double opt-in of a request: the link opens a page whose button confirms (a POST: link scanners confirm nothing). */
export function demandConfirmMail(context: MailContext, request: DemandRequestFacts, confirmToken: string, unsubscribeToken: string) {
  return renderMail(
    "demand-confirm",
    request.email,
    `Confirm: tell me when a supplier is listed ${within(request)}`,
    <MailLayout
      context={context}
      preview={`One click, and we write once when a wholesale supplier is listed ${within(request)}.`}
      heading="Please confirm your request"
      reason={`Someone (we hope you) asked ${context.siteName} to write to ${request.email} when a supplier is listed ${within(request)}. If it was not you, ignore this message: nothing will be sent unless you confirm.`}
      unsubscribeUrl={demandUnsubscribeUrl(context, unsubscribeToken)}
    >
      <P>
        Confirm, and we will write to you once, when a wholesale flower supplier is listed {within(request)}. Your request ends by itself
        after that message, or after 12 months.
      </P>
      <Action href={demandConfirmUrl(context, confirmToken)} label="Confirm my request" />
    </MailLayout>,
  );
}

/** The one message of a confirmed request: the listing that was published within its radius. It ends the request. */
export function demandListedMail(context: MailContext, request: DemandRequestFacts, listing: DemandListingFacts) {
  return renderMail(
    "demand-listed",
    request.email,
    `${listing.name} is now listed ${within(request)}`,
    <MailLayout
      context={context}
      preview={`${listing.name}, ${listing.city}, ${listing.stateCode}: about ${listing.distanceMiles} miles from ${request.zipcode}.`}
      heading={`A supplier is now listed near ${request.zipcode}`}
      reason={`You get this because you asked ${context.siteName} to write to ${request.email} once when a supplier is listed ${within(request)}. This was that message: your request has ended, and we will not write about it again.`}
    >
      <P>
        {listing.name} was just added to the directory, about {listing.distanceMiles} miles from {request.zipcode}:
      </P>
      <P>
        <strong>{listing.name}</strong>
        <br />
        {listing.address}, {listing.city}, {listing.stateCode} {listing.zipcode}
      </P>
      <Action href={listing.url} label={`See ${listing.name}`} />
      <P>Call ahead before you go: who may buy and the hours are on its page when the business has told us.</P>
    </MailLayout>,
  );
}
