import { E2E_SMTP_PORT } from "../../playwright.config";
import { startSmtpSink } from "../setup/smtp-sink";

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * Runs `use` with the SMTP server the browser tests' app mails to (one port for the run): a test
 * that finds it taken by another test's waits its turn, so each reads the mail it caused.
 * Trigger the mail inside `use`.
 */
export async function withMailSink<T>(use: (sink: Sink) => Promise<T>): Promise<T> {
  const deadline = Date.now() + 25_000;
  let sink: Sink | undefined;
  while (!sink) {
    try {
      sink = await startSmtpSink({ port: E2E_SMTP_PORT });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await use(sink);
  } finally {
    await sink.close();
  }
}
