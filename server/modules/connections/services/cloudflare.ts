import type { Cloudflare } from "cloudflare";
import {
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type RegistrarDomain,
  retryAfter,
  withBackoff,
} from "../connector";

/** Registrations asked per page of the cursor listing. */
const PAGE_SIZE = 50;

// Cloudflare's SDK loads with the first call to Cloudflare, not with every start of the app.
let sdk: Promise<typeof import("cloudflare")> | undefined;

/**
 * The official SDK over the connector's base URL and the account's token alone (never the
 * `CLOUDFLARE_*` variables the SDK would read by itself), with its own retries off: a throttling
 * answer is waited out by `withBackoff`, as for every service.
 */
async function clientOf(
  ctx: ConnectorContext,
): Promise<{ client: Cloudflare; module: typeof import("cloudflare") }> {
  // The account id goes into the request's path: only Cloudflare's own shape (32 hex digits) is sent.
  if (!/^[0-9a-f]{32}$/i.test(ctx.credentials.accountId ?? ""))
    throw new ConnectorError(
      "credentials",
      "Cloudflare's Account ID is 32 letters and digits: copy it from dash.cloudflare.com → Account home.",
    );
  sdk ??= import("cloudflare");
  const module = await sdk;
  const client = new module.default({
    apiToken: ctx.credentials.apiToken,
    apiKey: null,
    apiEmail: null,
    userServiceKey: null,
    baseURL: ctx.baseUrl,
    maxRetries: 0,
    timeout: 60_000,
  });
  return { client, module };
}

/** Cloudflare's answer in the owner's words: `{success: false, errors: [{code, message}]}` with its status. */
function explain(module: typeof import("cloudflare"), error: unknown): unknown {
  if (error instanceof module.APIConnectionError) {
    return new ConnectorError("unavailable", "Cloudflare could not be reached.", null, {
      cause: error,
    });
  }
  if (!(error instanceof module.APIError)) return error;
  const said = error.errors.map((e) => e.message).join("; ");
  const status = error.status ?? 0;
  if (status === 429) {
    return new ConnectorError(
      "throttled",
      "Cloudflare asked to slow down.",
      retryAfter(error.headers?.get("retry-after") ?? null),
    );
  }
  // A malformed or unknown token is a 400 (6003, 6111, 9106, 9109); one without access to the
  // account a 401 or 403; an account ID that names no account a 404.
  const tokenRefused =
    status === 400 && error.errors.some((e) => [6003, 6111, 9106, 9109].includes(Number(e.code)));
  if (tokenRefused || status === 401 || status === 403 || status === 404) {
    return new ConnectorError(
      "credentials",
      "Cloudflare refused the API token for this account: check the account ID and that the token is active with Registrar read access on that account.",
    );
  }
  if (status >= 500) return new ConnectorError("unavailable", `Cloudflare answered HTTP ${status}.`);
  return new ConnectorError("refused", `Cloudflare refused the request: ${said || `HTTP ${status}`}.`);
}

/** One call through the SDK, its failures in words and its throttling waited out. */
function call<T>(ctx: ConnectorContext, run: (client: Cloudflare) => Promise<T>): Promise<T> {
  return withBackoff(ctx, async () => {
    const { client, module } = await clientOf(ctx);
    try {
      return await run(client);
    } catch (error) {
      throw explain(module, error);
    }
  });
}

/** One page of the account's registrations (GET /accounts/{account_id}/registrar/registrations). */
function listPage(ctx: ConnectorContext, cursor: string | null, perPage: number) {
  return call(ctx, async (client) => {
    const page = await client.registrar.registrations.list({
      account_id: ctx.credentials.accountId,
      per_page: perPage,
      ...(cursor ? { cursor } : {}),
    });
    return { rows: page.result, cursor: page.result_info?.cursor || null };
  });
}

export const cloudflare: Connector = {
  id: "cloudflare",
  kind: "registrar",
  name: "Cloudflare Registrar",
  fields: [
    {
      name: "accountId",
      label: "Account ID",
      secret: false,
      help: "dash.cloudflare.com → Account home → Account ID",
    },
    {
      name: "apiToken",
      label: "API token",
      secret: true,
      help: "My Profile → API Tokens: a token with Registrar read access on that account",
    },
  ],
  imports:
    "Every name registered in the account with its expiry, auto-renew, lock and WHOIS privacy; its names stay on Cloudflare's nameservers, so they are proven by their TXT record.",
  urlVariable: "CLOUDFLARE_API_URL",
  defaultUrl: "https://api.cloudflare.com/client/v4",
  cannotPark:
    "Cloudflare Registrar keeps every name it registers on Cloudflare's own nameservers, so it cannot point this one at its parking pair: prove the name with its TXT record instead, added in its DNS at Cloudflare.",
  async testCredentials(ctx) {
    await listPage(ctx, null, 1);
    return { account: `account ${ctx.credentials.accountId}` };
  },
  async listDomains(ctx, cursor) {
    const page = await listPage(ctx, cursor, PAGE_SIZE);
    const domains: RegistrarDomain[] = page.rows.map((r) => ({
      name: r.domain_name.toLowerCase(),
      expiresAt: r.expires_at ?? null,
      createdAt: r.created_at ?? null,
      autoRenew: r.auto_renew ?? null,
      locked: r.locked ?? null,
      privacy: r.privacy_mode === undefined ? null : r.privacy_mode !== "off",
      nameservers: null,
      renewalPrice: null,
    }));
    // An empty cursor ends the listing.
    return { domains, next: page.cursor };
  },
};
