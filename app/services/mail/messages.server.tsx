import { render, toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import type { OutgoingMail } from "./outbox.server";
import { Action, MailLayout, P, type MailContext } from "./templates/layout";
import type { MailKind } from "./types";

export type { MailContext } from "./templates/layout";

/** Renders a message's HTML and derives its plain-text part from it (links written out after their text). */
export async function renderMail(
  kind: MailKind,
  to: string,
  subject: string,
  element: ReactElement,
  headers?: Record<string, string>,
): Promise<OutgoingMail> {
  const html = await render(element);
  const text = toPlainText(html);
  return { kind, to, subject, html, text, ...(headers ? { headers } : {}) };
}

export const newsletterConfirmUrl = (context: MailContext, token: string) =>
  `${context.siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const newsletterUnsubscribeUrl = (context: MailContext, token: string) =>
  `${context.siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The double opt-in: the link opens a page whose button confirms (a POST, so link scanners confirm nothing). */
export function confirmSubscriptionMail(context: MailContext, to: string, token: string) {
  const subject = `Confirm your subscription to ${context.siteName}`;
  return renderMail(
    "confirm",
    to,
    subject,
    <MailLayout
      context={context}
      preview="One click to start receiving the newsletter."
      heading="Please confirm your subscription"
      reason={`Someone (we hope you) entered ${to} in the newsletter form of ${context.siteName}. If it was not you, ignore this message: nothing will be sent to you unless you confirm.`}
    >
      <P>Confirm that you want our newsletter: new wholesale listings, seasonal flower guides and money-saving tips, about once a month.</P>
      <Action href={newsletterConfirmUrl(context, token)} label="Confirm my subscription" />
    </MailLayout>,
  );
}

/** The answer to a second subscription of a confirmed address: no new subscription, and the way out. */
export function alreadySubscribedMail(context: MailContext, to: string, unsubscribeToken: string) {
  const unsubscribeUrl = newsletterUnsubscribeUrl(context, unsubscribeToken);
  return renderMail(
    "already-subscribed",
    to,
    `You are already subscribed to ${context.siteName}`,
    <MailLayout
      context={context}
      preview="Nothing to do: this address already gets the newsletter."
      heading="You are already subscribed"
      reason={`Someone entered ${to} in the newsletter form of ${context.siteName}, which already sends its newsletter to this address.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <P>This address already receives our newsletter, so nothing has changed. If you want to stop receiving it, unsubscribe below.</P>
      <Action href={unsubscribeUrl} label="Unsubscribe" />
    </MailLayout>,
  );
}

/** "Forgot password": a single-use link valid for 30 minutes. */
export function passwordResetMail(context: MailContext, to: string, resetUrl: string) {
  return renderMail(
    "password-reset",
    to,
    `Reset your ${context.siteName} admin password`,
    <MailLayout
      context={context}
      preview="A link to choose a new password, valid for 30 minutes."
      heading="Choose a new password"
      reason={`Someone asked to reset the password of the admin account ${to}. If it was not you, ignore this message: your password stays as it is.`}
    >
      <P>
        Open the link below to choose a new password. It works once, within 30 minutes. Choosing a new password signs this account out
        everywhere.
      </P>
      <Action href={resetUrl} label="Choose a new password" />
    </MailLayout>,
  );
}

/** A message an admin sends to themself to see how mail looks and that it arrives. */
export function testMail(context: MailContext, to: string) {
  return renderMail(
    "test",
    to,
    `Test message from ${context.siteName}`,
    <MailLayout
      context={context}
      preview="The mail channel works."
      heading="This is a test message"
      reason={`An admin of ${context.siteName} sent this test to ${to}.`}
    >
      <P>If you can read this, the site can write to you.</P>
    </MailLayout>,
  );
}
