import { createHmac } from "node:crypto";
import http from "node:http";
import compression from "compression";
import express from "express";
import pg from "pg";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { refuseDeepJson } from "../../server/http/json-depth";
import { originCheck } from "../../server/http/origin-check";
import { refuseNul } from "../../server/http/refuse-nul";
import { noStore, securityHeaderList, securityHeaders } from "../../server/http/security-headers";
import { createSessionMiddleware, SESSION_COOKIE } from "../../server/http/session";

/**
 * One server of the middleware bench (`bench/scenarios/middleware.ts`): the app's own middleware,
 * in the app's order, up to `LAYER` (0 is raw `node:http`), answering `GET /api/probe` with the
 * same small JSON. `DATABASE_URL` holds the session table; layer 6 reads the session named by
 * the cookie this process prints. Prints `ready <cookie>` once it listens on `PORT`.
 */
const layer = Number(process.env.LAYER ?? 0);
const port = Number(process.env.PORT);
const secret = "bench-middleware-session-secret";
const body = { status: "ok" };

async function main() {
  let cookie = "";
  let handler: http.RequestListener;
  if (layer === 0) {
    handler = (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
  } else {
    const app = express();
    app.disable("x-powered-by");
    if (layer >= 2) app.use(securityHeaders(securityHeaderList({ strictCsp: true, https: false })));
    if (layer >= 3) app.use(compression());
    if (layer >= 4) app.use(pinoHttp({ logger: pino(pino.destination("/dev/null")) }));
    const api = express.Router();
    if (layer >= 5) {
      api.use(noStore);
      api.use(originCheck({ exempt: [] }));
      api.use(express.json({ limit: "100kb", verify: refuseDeepJson }));
      api.use(refuseNul);
    }
    if (layer >= 6) {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
      const sid = `bench-middleware-${process.pid}`;
      await pool.query(
        `insert into session (sid, sess, expire) values ($1, $2, now() + interval '1 day')
         on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
        [
          sid,
          JSON.stringify({
            cookie: { originalMaxAge: 86_400_000, httpOnly: true, path: "/", sameSite: "lax" },
            userId: "00000000-0000-0000-0000-000000000000",
          }),
        ],
      );
      // Signed as express-session signs its cookie: the id, a dot, its HMAC-SHA256 in base64 without padding.
      const signature = createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "");
      cookie = `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
      const sessions = createSessionMiddleware({ pool, secret, secure: false, prune: false });
      api.use(sessions.middleware);
      api.use((req, res, next) =>
        req.session.userId ? next() : res.status(401).json({ message: "signed out" }),
      );
    }
    api.get("/probe", (_req, res) => {
      res.json(body);
    });
    app.use("/api", api);
    handler = app;
  }
  http.createServer(handler).listen(port, "127.0.0.1", () => console.log(`ready ${cookie}`));
}

void main();
