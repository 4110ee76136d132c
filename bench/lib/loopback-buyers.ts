import http from "node:http";
import { startBuyer } from "../../tests/setup/lead-buyer-server";

/**
 * Three lead buyers on loopback, in a process of their own (so the load generator does not slow
 * their answers): two bidders, one of which is sometimes 100 ms late, and one that bids highest
 * and rejects every post. Prints `{buyers: [{pingUrl, postUrl, secret}], statsUrl}` on stdout;
 * `GET statsUrl` answers each buyer's posts as `{leadId: [idempotency keys]}`.
 */
let n = 0;
const buyers = [
  await startBuyer({ ping: () => ({ json: { bid: "40.00" }, delayMs: ++n % 10 === 0 ? 100 : 0 }) }),
  await startBuyer({ ping: () => ({ json: { bid: "35.00" } }) }),
  await startBuyer({
    ping: () => ({ json: { bid: "55.00" } }),
    post: () => ({ json: { accepted: false, reason: "Out of area" } }),
  }),
];
const stats = http.createServer((_req, res) => {
  const posts = buyers.map((b) => {
    const keys: Record<string, string[]> = {};
    for (const post of b.posts) {
      const leadId = String(post.body.leadId);
      keys[leadId] = [...(keys[leadId] ?? []), post.idempotencyKey ?? ""];
    }
    return keys;
  });
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(posts));
});
await new Promise<void>((resolve) => stats.listen(0, "127.0.0.1", resolve));
const address = stats.address() as { port: number };
process.stdout.write(
  `${JSON.stringify({
    buyers: buyers.map((b) => ({ pingUrl: b.pingUrl, postUrl: b.postUrl, secret: b.secret })),
    statsUrl: `http://127.0.0.1:${address.port}/`,
  })}\n`,
);
