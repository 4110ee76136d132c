/**
 * Tells the CDN in front of the parked pages (README: "A CDN in front of parked pages") that a
 * domain's page changed, so that it drops its copy before `s-maxage` runs out.
 */
export interface CdnPurge {
  purgeDomain(domainName: string): Promise<void>;
}

/** The surrogate key (Fastly's `Surrogate-Key`, Cloudflare's `Cache-Tag`) a domain's parked page carries. */
export const surrogateKeyOf = (domainName: string) => `parked-${domainName}`;

/**
 * The default, with no CDN in front: nothing keeps a page longer than `s-maxage` allows anyway,
 * and the instance's own copy of a page is dropped by the save itself.
 */
export const noCdnPurge: CdnPurge = { purgeDomain: async () => undefined };

/** Purges by cache tag through Cloudflare's API (`POST /zones/{zone}/purge_cache`, `{"tags": [...]}`). */
export function cloudflarePurge(options: { zoneId: string; apiToken: string; baseURL?: string }): CdnPurge {
  // Cloudflare's SDK loads with the first purge, not with every start of the app.
  let client: Promise<import("cloudflare").Cloudflare> | undefined;
  return {
    async purgeDomain(domainName) {
      client ??= import("cloudflare").then(
        ({ default: Cloudflare }) =>
          new Cloudflare({ apiToken: options.apiToken, baseURL: options.baseURL, maxRetries: 2 }),
      );
      await (await client).cache.purge({ zone_id: options.zoneId, tags: [surrogateKeyOf(domainName)] });
    },
  };
}
