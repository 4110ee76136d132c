/**
 * Helpers that turn an api-client error ("<status>: <body>") into the text a toast shows.
 * The body is usually the API's JSON `{message}`; its message is what a person should read.
 */

function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : "";
}

/** The `message` of a JSON error body, or the text itself when it is not one. */
export function extractMessage(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message.trim();
    }
  } catch {
    // Not JSON after all: the text is the message.
  }
  return trimmed;
}

/** Spec §8 "text after the first colon, else the fallback" (login, registration, change password…). */
export function errorAfterColon(error: unknown, fallback: string): string {
  const message = rawMessage(error);
  const colon = message.indexOf(":");
  if (colon === -1) return fallback;
  return extractMessage(message.slice(colon + 1)) || fallback;
}

/** Spec §8 lead failure: the message part of "<status>: <message>", else the raw message, else the fallback. */
export function errorAfterStatus(error: unknown, fallback: string): string {
  const message = rawMessage(error);
  const match = /^\d{3}: ?([\s\S]*)$/.exec(message);
  const text = match ? extractMessage(match[1]) : message.trim();
  return text || fallback;
}
