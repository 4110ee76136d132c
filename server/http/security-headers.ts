import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Powerful browser features the product never uses are switched off for it and for anything it
 * frames; `payment` stays for the providers' checkout frames.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "usb=()",
  "interest-cohort=()",
  "browsing-topics=()",
  'payment=(self "https://js.stripe.com" "https://www.paypal.com")',
].join(", ");

/**
 * API answers carry account data: no browser or proxy may keep them. A route that revalidates
 * (the polled reads, with their ETag) sets its own Cache-Control over this default.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/**
 * The headers a helmet middleware sets, read once by running it on a stand-in response: with no
 * nonce or other per-request directive its answer is the same for every request, so each request
 * copies the list instead of walking helmet's dozen middleware.
 */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    removeHeader: () => {},
  };
  let called = false;
  middleware({} as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error("the security headers depend on the request");
  return headers;
}

/** Where the security headers' rules depend on how the product is served. */
export interface SecurityHeaderOptions {
  strictCsp: boolean;
  https: boolean;
}

/**
 * The security headers every answer carries, as name and value pairs: helmet with a CSP that
 * allows the app itself and the payment providers' scripts and frames (HSTS and
 * upgrade-insecure-requests only where the product is served over HTTPS), and a
 * Permissions-Policy. The same for every request, so they are made once.
 */
export function securityHeaderList(options: SecurityHeaderOptions): [string, string][] {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: options.strictCsp
        ? {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", "https://www.paypal.com", "https://*.paypal.com"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https://*.paypal.com", "https://*.paypalobjects.com"],
              connectSrc: ["'self'", "https://*.paypal.com"],
              // The API reference's search index runs in a worker its bundle creates from a blob.
              workerSrc: ["'self'", "blob:"],
              frameSrc: ["https://*.paypal.com", "https://js.stripe.com", "https://checkout.stripe.com"],
              formAction: ["'self'", "https://checkout.stripe.com", "https://*.paypal.com"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: options.https ? [] : null,
            },
          }
        : false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.strictCsp && options.https,
    }),
  );
  headers.push(["Permissions-Policy", PERMISSIONS_POLICY]);
  return headers;
}

/** Sets the security headers (`securityHeaderList`) on every answer, the health check's included. */
export function securityHeaders(headers: readonly [string, string][]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
