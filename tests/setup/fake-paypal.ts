import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

interface FakeOrder {
  id: string;
  status: "CREATED" | "COMPLETED";
  customId: string;
  amount: { currency_code: string; value: string };
  captureId?: string;
  /** The PayPal account that approved and paid it. */
  payerId?: string;
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** The signature a webhook delivery carries for the fake's verification to answer SUCCESS. */
export const FAKE_WEBHOOK_SIGNATURE = "fake-valid-signature";
export const FAKE_WEBHOOK_ID = "WH-FAKE-0001";

/**
 * A local stand-in for PayPal's REST API (OAuth, Orders v2, capture refunds, client tokens, Payouts, Subscriptions,
 * webhook signature verification). Orders are approved as soon as they are created; a capture or a payout
 * with a request id seen before answers as before, and a payout batch id is used once.
 */
export async function startFakePayPal() {
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const captureAnswers = new Map<string, unknown>();
  const payouts: unknown[] = [];
  const payoutAnswers = new Map<string, unknown>();
  /** Batch status by PayPal's batch id; a test may set DENIED to play a refused batch. */
  const batches = new Map<string, string>();
  /** Each batch's items, as sent. */
  const batchItems = new Map<
    string,
    { sender_item_id: string; receiver: string; amount: { value: string } }[]
  >();
  /**
   * An item's status when its batch is read, by sender_item_id or receiver email: SUCCESS unless a test says
   * otherwise (UNCLAIMED, FAILED, RETURNED, BLOCKED, PENDING, ONHOLD…).
   */
  const itemStatus = new Map<string, string>();

  /** PayPal Subscriptions: products, plans (one per request id), subscriptions and their actions. */
  const products = new Map<string, unknown>();
  const plans = new Map<string, { id: string; product_id: string; price: string }>();
  const subscriptions = new Map<string, { id: string; status: string; plan_id: string; custom_id: string }>();
  const byRequestId = new Map<string, { status: number; answer: unknown }>();
  /** Capture refunds made, in order; a test may add a capture id to `refusedCaptures` to play a refusal. */
  const refunds: { id: string; captureId: string; amount: string }[] = [];
  const refundAnswers = new Map<string, unknown>();
  const refusedCaptures = new Set<string>();
  /** The PayPal account that pays the next captures; unset, each order is paid by an account of its own. */
  let payer: string | undefined;

  /** `POST /v2/payments/captures/{id}/refund`: answers the refund with the capture's refunded total. */
  function answerCaptureRefund(captureId: string, body: unknown, requestId: string) {
    if (requestId && refundAnswers.has(requestId))
      return { status: 201, answer: refundAnswers.get(requestId) };
    if (refusedCaptures.has(captureId))
      return {
        status: 422,
        answer: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "CAPTURE_FULLY_REFUNDED" }] },
      };
    const amount = (body as { amount?: { value?: string } }).amount?.value ?? "0.00";
    const refund = { id: `RF${randomBytes(6).toString("hex").toUpperCase()}`, captureId, amount };
    refunds.push(refund);
    const total = refunds
      .filter((r) => r.captureId === captureId)
      .reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    const answer = {
      id: refund.id,
      status: "COMPLETED",
      amount: { currency_code: "USD", value: amount },
      seller_payable_breakdown: {
        total_refunded_amount: { currency_code: "USD", value: (total / 100).toFixed(2) },
      },
      links: [{ rel: "up", href: `https://api.paypal.test/v2/payments/captures/${captureId}` }],
    };
    if (requestId) refundAnswers.set(requestId, answer);
    return { status: 201, answer };
  }

  function answerSubscriptions(method: string, path: string, body: unknown, requestId: string) {
    if (requestId && byRequestId.has(requestId)) return byRequestId.get(requestId);
    const remember = (status: number, answer: unknown) => {
      if (requestId) byRequestId.set(requestId, { status, answer });
      return { status, answer };
    };
    const input = (body ?? {}) as Record<string, unknown>;
    if (method === "POST" && path === "/v1/catalogs/products") {
      const product = { id: `PROD-${randomBytes(4).toString("hex").toUpperCase()}`, name: input.name };
      products.set(product.id, product);
      return remember(201, product);
    }
    if (method === "POST" && path === "/v1/billing/plans") {
      const cycles = input.billing_cycles as { pricing_scheme: { fixed_price: { value: string } } }[];
      const plan = {
        id: `P-${randomBytes(6).toString("hex").toUpperCase()}`,
        product_id: String(input.product_id),
        price: cycles[0].pricing_scheme.fixed_price.value,
      };
      plans.set(plan.id, plan);
      return remember(201, { ...plan, status: "ACTIVE" });
    }
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      if (!plans.has(String(input.plan_id))) return { status: 404, answer: { name: "RESOURCE_NOT_FOUND" } };
      const sub = {
        id: `I-${randomBytes(6).toString("hex").toUpperCase()}`,
        status: "APPROVAL_PENDING",
        plan_id: String(input.plan_id),
        custom_id: String(input.custom_id),
      };
      subscriptions.set(sub.id, sub);
      const links = [
        { rel: "approve", href: `https://www.paypal.test/webapps/billing/subscriptions?ba_token=${sub.id}` },
      ];
      return remember(201, { ...sub, links });
    }
    const action = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(suspend|activate|cancel))?$/.exec(path);
    if (action) {
      const sub = subscriptions.get(decodeURIComponent(action[1]));
      if (!sub) return { status: 404, answer: { name: "RESOURCE_NOT_FOUND" } };
      if (method === "GET") return { status: 200, answer: sub };
      const next = { suspend: "SUSPENDED", activate: "ACTIVE", cancel: "CANCELLED" }[action[2] ?? ""];
      if (!next) return { status: 404, answer: { name: "RESOURCE_NOT_FOUND" } };
      sub.status = next;
      return { status: 204, answer: "" };
    }
    return null;
  }

  const orderJson = (order: FakeOrder) => ({
    id: order.id,
    status: order.status,
    ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
    links: [
      { rel: "self", href: `https://api.paypal.test/v2/checkout/orders/${order.id}` },
      { rel: "payer-action", href: `https://www.paypal.test/checkoutnow?token=${order.id}` },
    ],
    purchase_units: [
      {
        reference_id: order.customId,
        custom_id: order.customId,
        amount: order.amount,
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: "COMPLETED",
                    custom_id: order.customId,
                    amount: order.amount,
                  },
                ],
              },
            }
          : {}),
      },
    ],
  });

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      const body = raw && req.headers["content-type"]?.includes("json") ? JSON.parse(raw) : raw;
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      res.setHeader("Content-Type", "application/json");
      const send = (status: number, answer: unknown) => {
        res.statusCode = status;
        res.end(status === 204 ? undefined : JSON.stringify(answer));
      };
      if (path === "/v1/oauth2/token")
        return send(200, { access_token: "fake-access-token", expires_in: 32400 });
      if (req.headers.authorization !== "Bearer fake-access-token")
        return send(401, { error: "invalid_token" });
      if (path === "/v1/identity/generate-token") return send(200, { client_token: "fake-client-token" });
      if (path === "/v2/checkout/orders" && req.method === "POST") {
        const unit = (body as { purchase_units: { custom_id: string; amount: FakeOrder["amount"] }[] })
          .purchase_units[0];
        const order: FakeOrder = {
          id: `PP${randomBytes(6).toString("hex").toUpperCase()}`,
          status: "CREATED",
          customId: unit.custom_id,
          amount: unit.amount,
        };
        orders.set(order.id, order);
        return send(201, orderJson(order));
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      if (capture && req.method === "POST") {
        const requestId = String(req.headers["paypal-request-id"] ?? "");
        if (requestId && captureAnswers.has(requestId)) return send(201, captureAnswers.get(requestId));
        const order = orders.get(capture[1]);
        if (!order) return send(404, { name: "RESOURCE_NOT_FOUND" });
        if (order.status === "COMPLETED")
          return send(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
        order.status = "COMPLETED";
        order.captureId = `CAP${randomBytes(6).toString("hex").toUpperCase()}`;
        order.payerId = payer ?? `PAYER${randomBytes(5).toString("hex").toUpperCase()}`;
        const answer = orderJson(order);
        if (requestId) captureAnswers.set(requestId, answer);
        return send(201, answer);
      }
      const captureRefund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (captureRefund && req.method === "POST") {
        const refund = answerCaptureRefund(
          decodeURIComponent(captureRefund[1]),
          body,
          String(req.headers["paypal-request-id"] ?? ""),
        );
        return send(refund.status, refund.answer);
      }
      if (path === "/v1/payments/payouts" && req.method === "POST") {
        const requestId = String(req.headers["paypal-request-id"] ?? "");
        if (requestId && payoutAnswers.has(requestId)) return send(201, payoutAnswers.get(requestId));
        const batch = (body as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header;
        const batchId = `BATCH-${batch.sender_batch_id}`;
        if (batches.has(batchId)) {
          return send(400, {
            name: "USER_BUSINESS_ERROR",
            details: [{ issue: "SENDER_BATCH_ID_ALREADY_USED" }],
          });
        }
        payouts.push(body);
        batches.set(batchId, "PENDING");
        batchItems.set(batchId, (body as { items: [] }).items);
        const answer = { batch_header: { payout_batch_id: batchId, batch_status: "PENDING" } };
        if (requestId) payoutAnswers.set(requestId, answer);
        return send(201, answer);
      }
      const batch = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path);
      if (batch && req.method === "GET") {
        const id = decodeURIComponent(batch[1]);
        const status = batches.get(id);
        if (!status) return send(404, { name: "RESOURCE_NOT_FOUND" });
        const items = (batchItems.get(id) ?? []).map((item, i) => {
          const itemState = itemStatus.get(item.sender_item_id) ?? itemStatus.get(item.receiver) ?? "SUCCESS";
          const failed = !["SUCCESS", "UNCLAIMED", "PENDING", "ONHOLD"].includes(itemState);
          return {
            payout_item_id: `ITEM-${id}-${i}`,
            transaction_status: itemState,
            payout_batch_id: id,
            time_processed: new Date().toISOString(),
            payout_item: { ...item, recipient_type: "EMAIL" },
            ...(failed
              ? { errors: { name: `RECEIVER_${itemState}`, message: `Receiver ${itemState.toLowerCase()}` } }
              : {}),
          };
        });
        return send(200, {
          batch_header: { payout_batch_id: id, batch_status: status },
          items,
          total_items: items.length,
          total_pages: 1,
        });
      }
      const billing = answerSubscriptions(
        req.method ?? "",
        path,
        body,
        String(req.headers["paypal-request-id"] ?? ""),
      );
      if (billing) return send(billing.status, billing.answer);
      if (path === "/v1/notifications/verify-webhook-signature" && req.method === "POST") {
        const check = body as { transmission_sig?: string; webhook_id?: string };
        const ok = check.transmission_sig === FAKE_WEBHOOK_SIGNATURE && check.webhook_id === FAKE_WEBHOOK_ID;
        return send(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
      }
      return send(404, { name: "RESOURCE_NOT_FOUND", path });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      PAYPAL_CLIENT_ID: "fake-client-id",
      PAYPAL_CLIENT_SECRET: "fake-secret",
      PAYPAL_API_BASE: `http://127.0.0.1:${port}`,
      PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
    },
    requests,
    orders,
    /** Captures from now on are paid by this PayPal account (its payer id). */
    payAs: (payerId: string) => {
      payer = payerId;
    },
    payouts,
    plans,
    subscriptions,
    batches,
    batchItems,
    itemStatus,
    refunds,
    refusedCaptures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
