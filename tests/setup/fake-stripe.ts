import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded into flat keys as Stripe sends them ("line_items[0][quantity]"). */
  form: Record<string, string>;
  headers: IncomingMessage["headers"];
}

/**
 * A local stand-in for the Stripe API, enough for Checkout Sessions: the real `stripe` SDK is
 * pointed at it (`STRIPE_API_BASE`), so tests exercise the SDK's real requests.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? "").split("?")[0];
      requests.push({ method: req.method ?? "", path, form, headers: req.headers });
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Request-Id", `req_${randomBytes(6).toString("hex")}`);
      if (req.headers.authorization !== "Bearer sk_test_fake") {
        res.statusCode = 401;
        res.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
        );
        return;
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${randomBytes(8).toString("hex")}`;
        const unitAmount = Number(form["line_items[0][price_data][unit_amount]"]);
        const quantity = Number(form["line_items[0][quantity]"] ?? "1");
        res.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            mode: form.mode,
            url: `https://checkout.stripe.test/c/pay/${id}`,
            amount_total: unitAmount * quantity,
            currency: form["line_items[0][price_data][currency]"],
            client_reference_id: form.client_reference_id ?? null,
            customer_email: form.customer_email ?? null,
            metadata: { orderId: form["metadata[orderId]"] },
            payment_status: "unpaid",
            status: "open",
            success_url: form.success_url,
            cancel_url: form.cancel_url,
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: "sk_test_fake",
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
