import helmet from "helmet";

/**
 * Helmet with a CSP that allows the app itself and the payment providers' scripts and frames.
 * HSTS and upgrade-insecure-requests only where the product is served over HTTPS.
 */
export function securityHeaders(options: { strictCsp: boolean; https: boolean }) {
  return helmet({
    contentSecurityPolicy: options.strictCsp
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "https://www.paypal.com", "https://*.paypal.com"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "https://*.paypal.com", "https://*.paypalobjects.com"],
            connectSrc: ["'self'", "https://*.paypal.com"],
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
  });
}
