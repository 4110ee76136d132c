import type { TConnectionService, TServiceField, TServiceKind } from "../../../shared/api/connections";

/** One name as a registrar reports it. */
export interface RegistrarDomain {
  name: string;
  /** ISO instant, or null when the registrar does not say. */
  expiresAt: string | null;
  /** When the account registered or acquired it (ISO), which dates its ownership; null when unknown. */
  createdAt: string | null;
  autoRenew: boolean | null;
  locked: boolean | null;
  privacy: boolean | null;
  /** Null when the list does not carry them. */
  nameservers: string[] | null;
  /** The registrar's renewal price in USD, when its API gives one. */
  renewalPrice: string | null;
}

/** One domain's figures for one day, as a parking network reports them. */
export interface DayStat {
  domain: string;
  /** YYYY-MM-DD. */
  day: string;
  visits: number;
  clicks: number;
  /** Decimal string in `currency`. */
  revenue: string;
  currency: string;
}

/** How a connector reaches its service: the base URL (an environment variable may move it) and the account's credentials. */
export interface ConnectorContext {
  baseUrl: string;
  credentials: Record<string, string>;
  /** The address this server calls from (Namecheap wants it named and whitelisted). */
  clientIp: string;
  /** Waits before a retry after a throttling answer (tests shorten it). */
  backoff: (attempt: number, retryAfterSeconds: number | null) => Promise<void>;
}

/** A page of a registrar's names; `next` continues the listing, null ends it. */
export interface DomainPage {
  domains: RegistrarDomain[];
  next: string | null;
}

/**
 * One service behind the one shape: adding a service is one file of this shape (and its fake in
 * tests/fakes/). A registrar lists names and sets nameservers; a network fetches day statistics.
 * Every method throws `ConnectorError` with words the owner can act on.
 */
export interface Connector {
  id: string;
  kind: TServiceKind;
  name: string;
  fields: TServiceField[];
  imports: string;
  /** The environment variable that moves its base URL (a fake stands in for the service). */
  urlVariable: string;
  defaultUrl: string;
  /** One real call with the credentials; answers which account they open. */
  testCredentials(ctx: ConnectorContext): Promise<{ account: string }>;
  listDomains?(ctx: ConnectorContext, cursor: string | null): Promise<DomainPage>;
  setNameservers?(ctx: ConnectorContext, domain: string, nameservers: string[]): Promise<void>;
  /**
   * Why this registrar cannot point a name at its nameserver pair (it keeps its names on its own
   * nameservers), in words the owner can act on: "Park in one step" is then refused with them.
   */
  cannotPark?: string;
  /**
   * Every domain's figures from `from` to `to` (YYYY-MM-DD, both included), a batch at a time as
   * the service answers, so that one is written while the next is fetched. Every figure the
   * service gives for one domain and day is in the same batch (a day listed twice is added up).
   */
  dayStats?(ctx: ConnectorContext, from: string, to: string): AsyncIterable<DayStat[]>;
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), for services asked one day at a time. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export type ConnectorFailure = "credentials" | "throttled" | "refused" | "unavailable";

/**
 * A service's refusal in plain words, e.g. "Namecheap refused the API key: …". A refusal the
 * owner can act on says what to do; one that passes ("GoDaddy answered HTTP 503.") says only what
 * happened, and whoever shows it adds what comes next (`toldAtOnce`, `toldOfSync`).
 */
export class ConnectorError extends Error {
  constructor(
    readonly failure: ConnectorFailure,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ConnectorError";
  }
}

/** Failures that pass by themselves: the service was out of reach, or asked to slow down. */
const passes = (error: ConnectorError) => error.failure === "unavailable" || error.failure === "throttled";

/** A failure as the owner reads it at once, connecting or parking: with what to do about one that passes. */
export const toldAtOnce = (error: ConnectorError) =>
  passes(error) ? `${error.message} Try again in a few minutes.` : error.message;

/** A failure as a sync keeps it for the owner: with when one that passes is tried again. */
export const toldOfSync = (error: ConnectorError) =>
  passes(error) ? `${error.message} The next run tries again.` : error.message;

export const describeService = (c: Connector): TConnectionService => ({
  id: c.id,
  kind: c.kind,
  name: c.name,
  fields: c.fields,
  imports: c.imports,
});

const MAX_ATTEMPTS = 6;
const UNREACHABLE_ATTEMPTS = 3;

/**
 * Runs one call to a service, again after each throttling answer (`ConnectorError` "throttled")
 * with the service's wait or a growing one, up to six attempts, and up to three when the service
 * could not be reached; other failures go straight up.
 */
export async function withBackoff<T>(ctx: ConnectorContext, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      // A throttling answer is waited out; a service out of reach is tried again twice.
      const retried =
        error instanceof ConnectorError &&
        (error.failure === "throttled" ||
          (error.failure === "unavailable" && attempt < UNREACHABLE_ATTEMPTS));
      if (!retried || attempt >= MAX_ATTEMPTS) throw error;
      await ctx.backoff(attempt, error.retryAfterSeconds);
    }
  }
}

/** A fetch that turns a network failure into words: the service could not be reached. */
export async function reach(service: string, url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new ConnectorError("unavailable", `${service} could not be reached.`, null, {
      cause: error,
    });
  }
}

/** The most of a service's answer a connector reads: a day of 100,000 names' figures is a few tens of MB. */
export const MAX_ANSWER_BYTES = 64 * 2 ** 20;

/**
 * A service's answer as text, read up to `limit` bytes. A larger one (a service gone wrong, or an
 * address that leads elsewhere) is refused before it fills the memory, and its download stopped;
 * it is not asked for again, as it would only come back as large. An answer that breaks off
 * (the connection lost, the minute of `reach` over) is a service out of reach.
 */
export async function answerText(service: string, res: Response, limit = MAX_ANSWER_BYTES): Promise<string> {
  const tooLarge = () => {
    const mb = (limit / 2 ** 20).toLocaleString("en-US", { maximumFractionDigits: 1 });
    return new ConnectorError(
      "refused",
      `${service}'s answer was larger than the ${mb} MB a connector reads.`,
    );
  };
  if (Number(res.headers.get("content-length")) > limit) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return "";
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  try {
    // Leaving the loop early (the throw) cancels the stream.
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge();
      text += decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw new ConnectorError("unavailable", `${service}'s answer broke off.`, null, { cause: error });
  }
  return text + decoder.decode();
}

/**
 * A service's answer once its own refusals and throttling were read: any other status than 2xx is
 * the service being unavailable, and a body that is not JSON too.
 */
export async function jsonAnswer<T>(service: string, res: Response): Promise<T> {
  if (!res.ok) throw new ConnectorError("unavailable", `${service} answered HTTP ${res.status}.`);
  const text = await answerText(service, res);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ConnectorError("unavailable", `${service}'s answer was not JSON.`);
  }
}

/** `Retry-After` in seconds (a number or an HTTP date), or null. */
export function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
