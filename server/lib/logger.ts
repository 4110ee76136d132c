import { createRequire } from "node:module";
import pino, { type DestinationStream } from "pino";
import type PinoPretty from "pino-pretty";

const REDACT = {
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
};

interface RequestLog {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  msg?: string;
}
type Paint = (text: string) => string;
type Colors = Record<"red" | "yellow" | "green", Paint>;

/** A request as one line, "GET /api/revenue/dashboard 200 12 ms", its status coloured by class. */
function formatLine(log: RequestLog, colors: Colors): string {
  if (!log.req || !log.res) return log.msg ?? "";
  const status = log.res.statusCode ?? 0;
  const paint = status >= 500 ? colors.red : status >= 400 ? colors.yellow : colors.green;
  const took = log.responseTime === undefined ? "" : ` ${log.responseTime} ms`;
  return `${log.req.method} ${log.req.url} ${paint(String(status))}${took}`;
}

/**
 * pino-pretty is a development dependency: a production install without it (npm ci --omit=dev)
 * still starts, with JSON logs.
 */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
    return pretty({
      singleLine: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,req,res,responseTime",
      messageFormat: (log, _key, _level, extras) => formatLine(log as RequestLog, extras.colors),
    });
  } catch {
    return undefined;
  }
}

/**
 * Structured logs. Passwords, cookies and session ids are redacted wherever they appear.
 * `pretty` (development): one readable, coloured line per entry; otherwise JSON, one object a line.
 */
export function createLogger(level: string, options: { pretty?: boolean } = {}) {
  const stream = options.pretty ? prettyStream() : undefined;
  return stream ? pino({ level, redact: REDACT }, stream) : pino({ level, redact: REDACT });
}

export type Logger = ReturnType<typeof createLogger>;
