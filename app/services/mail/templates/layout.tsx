import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

/** What every message says of the site: its name, where it lives, and (when the owners gave one) its postal line. */
export interface MailContext {
  siteName: string;
  /** The public origin, without a trailing slash: every link in a message is absolute on it. */
  siteUrl: string;
  contactEmail: string;
  /** The postal line from Settings → Mail, or "" (then none is printed). */
  postalAddress: string;
}

const colors = { rose: "#be123c", ink: "#1c1917", muted: "#57534e", line: "#e7e5e4", paper: "#fafaf9" };

export const styles = {
  text: { color: colors.ink, fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" },
  small: { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  link: { color: colors.rose, textDecoration: "underline" },
  button: {
    backgroundColor: colors.rose,
    borderRadius: "999px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 600,
    padding: "12px 24px",
    textDecoration: "none",
  },
} as const;

/**
 * The frame of every message: the site's name, a heading, the body, and a footer with why the reader gets it and,
 * on a newsletter, how to leave. No images, no tracking pixel, and every link is the site's own, not rewritten.
 */
export function MailLayout(props: {
  context: MailContext;
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why this reader gets this message, in one sentence. */
  reason: string;
  unsubscribeUrl?: string | undefined;
}) {
  const { context } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colors.paper, fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container
          style={{
            backgroundColor: "#ffffff",
            border: `1px solid ${colors.line}`,
            borderRadius: "16px",
            maxWidth: "560px",
            padding: "32px",
          }}
        >
          <Text style={{ color: colors.rose, fontSize: "14px", fontWeight: 700, letterSpacing: "0.04em", margin: "0 0 24px" }}>
            <Link href={context.siteUrl} style={{ color: colors.rose, textDecoration: "none" }}>
              {context.siteName}
            </Link>
          </Text>
          <Heading
            as="h1"
            style={{ color: colors.ink, fontFamily: "Georgia, serif", fontSize: "26px", lineHeight: "32px", margin: "0 0 20px" }}
          >
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: colors.line, margin: "32px 0 16px" }} />
          <Text style={styles.small}>{props.reason}</Text>
          {props.unsubscribeUrl ? (
            <Text style={styles.small}>
              <Link href={props.unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>{" "}
              at any time, in one click.
            </Text>
          ) : null}
          <Text style={styles.small}>
            {context.siteName}
            {context.postalAddress ? ` · ${context.postalAddress}` : ""} ·{" "}
            <Link href={`mailto:${context.contactEmail}`} style={styles.link}>
              {context.contactEmail}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A call to action: a button, and the same link written out for mail readers that do not show buttons. */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
      <Text style={{ ...styles.small, marginTop: "16px" }}>
        Or open this link:{" "}
        <Link href={href} style={{ ...styles.link, wordBreak: "break-all" }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export const P = ({ children }: { children: ReactNode }) => <Text style={styles.text}>{children}</Text>;
