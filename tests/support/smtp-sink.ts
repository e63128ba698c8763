import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

/** A message the sink accepted, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Each header's raw value (unfolded), by its name in lower case. */
  headers: Map<string, string>;
  messageId: string;
  parsed: ParsedMail;
}

/** What the sink answers a message: accept it, or refuse it with an SMTP reply code and text. */
export type SinkVerdict = { accept: true } | { accept: false; code: number; message: string };

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Decides each recipient's fate at RCPT TO (default: accept). */
  onRecipient: (address: string) => SinkVerdict;
  /** Decides each message's fate after its data (default: accept). */
  onMessage: (mail: ReceivedMail) => SinkVerdict | Promise<SinkVerdict>;
  /** Resolves once `count` messages have been accepted in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The accepted messages to one address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A links' list of a message's HTML part, in order. */
export const linksOf = (mail: ReceivedMail) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

/**
 * A real SMTP server on loopback (the `smtp-server` package) that parses what it receives with `mailparser`: what
 * the site's nodemailer transport talks to in the tests. No authentication, no TLS.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sink: SmtpSink = {
    url: "",
    received,
    onRecipient: () => ({ accept: true }),
    onMessage: () => ({ accept: true }),
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the SMTP sink received ${received.length} of ${count} messages in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const refuse = (verdict: SinkVerdict) => {
    if (verdict.accept) return null;
    return Object.assign(new Error(verdict.message), { responseCode: verdict.code });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      callback(refuse(sink.onRecipient(address.address.toLowerCase())) ?? undefined);
    },
    onData(stream, session: SMTPServerSession, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: new Map(
              parsed.headerLines.map((line) => [
                line.key,
                line.line
                  .slice(line.line.indexOf(":") + 1)
                  .replace(/\r?\n[ \t]+/g, " ")
                  .trim(),
              ]),
            ),
            messageId: parsed.messageId ?? "",
            parsed,
          };
          const error = refuse(await sink.onMessage(mail));
          if (error) return callback(error);
          received.push(mail);
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
