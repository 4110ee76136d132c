import pino from "pino";

/** Structured logs. Passwords, cookies and session ids are redacted wherever they appear. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "*.currentPassword",
        "*.newPassword",
        "req.headers.cookie",
        "res.headers['set-cookie']",
        "sessionId",
        "*.sid",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
