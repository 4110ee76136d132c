/**
 * `GET /api/checkout/mode`, public: whether payments run in the sandbox (test money), so that every
 * page can say so (docs/money.md). Kept free of zod: the landing page reads it before anything else loads.
 */
export const CHECKOUT_MODE_PATH = "/api/checkout/mode";

export interface TCheckoutMode {
  sandbox: boolean;
}

/** The banner every page shows while payments run in the sandbox. */
export const TEST_MODE_BANNER = "Test mode — no money moves";
