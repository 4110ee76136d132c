/** The middleware bench's servers, one layer more each, in the app's order (`layer-server.ts`). */
export const LAYERS = [
  "raw node:http",
  "Express, one route (res.json)",
  "+ security headers (helmet, Permissions-Policy)",
  "+ compression",
  "+ request log (pino-http, to /dev/null)",
  "+ API guards (no-store, origin check, JSON parser, NUL check)",
  "+ session read (connect-pg-simple, a signed-in cookie)",
] as const;
