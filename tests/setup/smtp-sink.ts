import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), as long links are sent. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { to, subject: header("Subject"), text };
}

/**
 * A real SMTP server on loopback that keeps what it receives: the app delivers through
 * `SMTP_URL` exactly as in production, and the test reads the mail.
 */
export async function startSmtpSink(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  /** Addresses the server refuses, with the reply code and the command it refuses them at. */
  const refused = new Map<string, { code: number; at: "rcpt" | "data" }>();
  const refusal = (address: string) => {
    const rule = refused.get(address.toLowerCase());
    if (!rule) return undefined;
    const error = new Error(
      rule.code >= 500 ? "5.1.1 No such mailbox here" : "4.2.1 Mailbox busy, try again later",
    ) as Error & { responseCode: number };
    error.responseCode = rule.code;
    return { rule, error };
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = refusal(address.address);
      callback(refuse?.rule.at === "rcpt" ? refuse.error : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const refuse = to.map(refusal).find((r) => r?.rule.at === "data");
        if (refuse) return callback(refuse.error);
        received.push(parse(Buffer.concat(chunks).toString("utf8"), to));
        callback();
      });
    },
  });
  // A port in use rejects (EADDRINUSE) rather than crashing the process with an unhandled error.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.removeListener("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** From now on answers `code` to mail for `address`, at RCPT TO or after DATA. */
    refuse(address: string, code: number, at: "rcpt" | "data" = "rcpt") {
      refused.set(address.toLowerCase(), { code, at });
    },
    /** Accepts mail for `address` again. */
    accept(address: string) {
      refused.delete(address.toLowerCase());
    },
    /**
     * The first mail to `address`, with `subject` when it is given (other mail to the address, a
     * receipt say, may arrive first); waits up to five seconds for delivery.
     */
    async mailTo(address: string, timeoutMs = 5000, subject?: string): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (m) =>
            (m.to.includes(address.toLowerCase()) || m.to.includes(address)) &&
            (subject === undefined || m.subject === subject),
        );
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${address}${subject ? ` about "${subject}"` : ""} within ${timeoutMs} ms`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
