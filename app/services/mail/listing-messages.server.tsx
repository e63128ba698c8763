import { Text } from "@react-email/components";
import { Fragment } from "react";
import type { AdminSubmission } from "../submissions/types";
import { formatWeeklyHours } from "../wholesalers/opening-hours";
import { renderMail } from "./messages.server";
import { Action, MailLayout, P, styles, type MailContext } from "./templates/layout";

/** What a business sent on "List your business", as stored: what its receipt repeats. */
export type ListingRequestFacts = Pick<
  AdminSubmission,
  "name" | "address" | "city" | "state" | "zipcode" | "phone" | "website" | "openingHours" | "submitterEmail"
>;

const reasonFor = (context: MailContext, to: string) =>
  `You get this because ${to} was given as the contact address of a listing request on the “List your business” form of ${context.siteName}.`;

const factStyle = { ...styles.text, margin: "0 0 8px" };

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text style={factStyle}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}

/** The request as stored: name, address, phone, website and weekly hours. */
function SentFacts({ facts }: { facts: ListingRequestFacts }) {
  const hours = facts.openingHours ? formatWeeklyHours(facts.openingHours) : [];
  return (
    <>
      <Fact label="Business">{facts.name}</Fact>
      <Fact label="Address">{`${facts.address}, ${facts.city}, ${facts.state} ${facts.zipcode}`}</Fact>
      <Fact label="Phone">{facts.phone ?? "Not given"}</Fact>
      <Fact label="Website">{facts.website ?? "Not given"}</Fact>
      <Text style={factStyle}>
        <strong>Hours:</strong>
        {hours.length
          ? hours.map((row) => (
              <Fragment key={row.days}>
                <br />
                {row.days}: {row.text}
              </Fragment>
            ))
          : " Not given"}
      </Text>
    </>
  );
}

/** The receipt of a listing request, queued with the request itself: what happens next, and what was sent. */
export function listingReceiptMail(context: MailContext, facts: ListingRequestFacts) {
  const to = facts.submitterEmail;
  return renderMail(
    "receipt",
    to,
    `We received your listing request for ${facts.name}`,
    <MailLayout
      context={context}
      preview={`An admin checks ${facts.name} before it is listed, and writes to you with the decision.`}
      heading={`We received your listing request for ${facts.name}`}
      reason={reasonFor(context, to)}
    >
      <P>
        Thank you for asking to list {facts.name} in {context.siteName}.
      </P>
      <P>
        What happens next: an admin checks the details you sent before anything is published, usually within a few days, and writes to you
        again at this address with the decision.
      </P>
      <P>This is what you sent:</P>
      <SentFacts facts={facts} />
      <P>
        To correct something, write to {context.contactEmail} and name the business. If you did not send this request, please tell us at the
        same address.
      </P>
    </MailLayout>,
  );
}

/** The request was approved: the listing is public, at `listingUrl`. */
export function listingApprovedMail(context: MailContext, request: { name: string; submitterEmail: string }, listingUrl: string) {
  const to = request.submitterEmail;
  return renderMail(
    "decision",
    to,
    `${request.name} is now listed on ${context.siteName}`,
    <MailLayout
      context={context}
      preview={`Your listing request for ${request.name} was approved.`}
      heading="Your listing is live"
      reason={reasonFor(context, to)}
    >
      <P>
        Good news: we approved your listing request for {request.name}. It is now in the directory, marked as verified, on its own page:
      </P>
      <Action href={listingUrl} label="See your listing" />
      <P>If anything in it changes or needs correcting, write to {context.contactEmail}.</P>
    </MailLayout>,
  );
}

/** The request was declined. The admin screen records no reason, so the message gives none. */
export function listingDeclinedMail(context: MailContext, request: { name: string; submitterEmail: string }) {
  const to = request.submitterEmail;
  return renderMail(
    "decision",
    to,
    `Your listing request for ${request.name}`,
    <MailLayout
      context={context}
      preview={`We reviewed your listing request for ${request.name}.`}
      heading="About your listing request"
      reason={reasonFor(context, to)}
    >
      <P>
        Thank you for asking to list {request.name} in {context.siteName}. We reviewed your request and decided not to add it to the
        directory.
      </P>
      <P>
        If you have questions about this decision, or something has changed, write to us at {context.contactEmail}. You are welcome to send
        a new request at any time.
      </P>
    </MailLayout>,
  );
}
