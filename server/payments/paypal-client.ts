import { randomUUID } from "node:crypto";

export interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string }[];
  /** Who paid: PayPal's id of the payer's account, the same for every payment they make. */
  payer?: { payer_id?: string };
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: {
      captures?: {
        id: string;
        status: string;
        custom_id?: string;
        amount: { currency_code: string; value: string };
      }[];
    };
  }[];
}

/** A failed PayPal call, with PayPal's status and answer for the log. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`PayPal answered ${status}`);
    this.name = "PayPalError";
  }
}

/** One item of a PayPal payout batch as the Payouts API reports it. */
export interface PayPalPayoutItem {
  itemId: string;
  /** Our payout id. */
  senderItemId: string;
  /** SUCCESS, FAILED, PENDING, UNCLAIMED, RETURNED, ONHOLD, BLOCKED, REFUNDED, REVERSED. */
  status: string;
  processedAt: string | null;
  reason: string | null;
}

/**
 * The few PayPal REST calls the product makes (Orders v2, Payouts, client tokens), over fetch.
 * Every state-changing call carries a `PayPal-Request-Id`, so a retried call is not repeated.
 */
export function createPayPalClient(options: { clientId: string; clientSecret: string; apiBase: string }) {
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const res = await fetch(`${options.apiBase}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    if (!res.ok) throw new PayPalError(res.status, await res.text());
    const answer = (await res.json()) as { access_token: string; expires_in: number };
    // Renew a minute early so a token never expires mid-request.
    cached = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in - 60) * 1000 };
    return answer.access_token;
  }

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken()}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    };
    if (requestId) headers["PayPal-Request-Id"] = requestId;
    const res = await fetch(`${options.apiBase}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new PayPalError(res.status, await res.text());
    // Subscription actions (suspend, activate, cancel) answer 204 with no body.
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    clientId: options.clientId,

    /** Any other PayPal REST call (the Subscriptions API builds on it). */
    request: call,

    /** Creates an order to capture; `returnUrl`/`cancelUrl` make it a redirect checkout. */
    createOrder(order: {
      amount: string;
      currency: string;
      description: string;
      customId: string;
      returnUrl?: string;
      cancelUrl?: string;
      requestId?: string;
    }): Promise<PayPalOrder> {
      const experience =
        order.returnUrl && order.cancelUrl
          ? {
              payment_source: {
                paypal: {
                  experience_context: {
                    return_url: order.returnUrl,
                    cancel_url: order.cancelUrl,
                    user_action: "PAY_NOW",
                    shipping_preference: "NO_SHIPPING",
                  },
                },
              },
            }
          : {};
      return call<PayPalOrder>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: order.customId,
              custom_id: order.customId,
              description: order.description.slice(0, 127),
              amount: { currency_code: order.currency, value: order.amount },
            },
          ],
          ...experience,
        },
        order.requestId ?? randomUUID(),
      );
    },

    /** Captures an approved order; the same request id for the same order makes a replay harmless. */
    captureOrder(orderId: string): Promise<PayPalOrder> {
      return call<PayPalOrder>(
        "POST",
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        `capture-${orderId}`,
      );
    },

    /** Refunds all or part of a capture; the request id (our refund's id) makes a retry harmless. */
    refundCapture(refund: {
      captureId: string;
      amount: string;
      note: string;
      requestId: string;
    }): Promise<{ id: string; status: string }> {
      return call<{ id: string; status: string }>(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(refund.captureId)}/refund`,
        { amount: { value: refund.amount, currency_code: "USD" }, note_to_payer: refund.note.slice(0, 255) },
        `refund-${refund.requestId}`,
      );
    },

    getOrder(orderId: string): Promise<PayPalOrder> {
      return call<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    },

    /** A client token for the JS SDK's card fields and wallet buttons. */
    async generateClientToken(): Promise<string> {
      const answer = await call<{ client_token: string }>("POST", "/v1/identity/generate-token", {});
      return answer.client_token;
    },

    /** One payout to one PayPal account; the batch id is our payout id, so it is sent once. */
    async createPayout(payout: {
      batchId: string;
      amount: string;
      email: string;
    }): Promise<{ batchId: string }> {
      const answer = await call<{ batch_header: { payout_batch_id: string } }>(
        "POST",
        "/v1/payments/payouts",
        {
          sender_batch_header: {
            sender_batch_id: payout.batchId,
            email_subject: "You have a payout from ParkPilot",
          },
          items: [
            {
              recipient_type: "EMAIL",
              amount: { value: payout.amount, currency: "USD" },
              receiver: payout.email,
              sender_item_id: payout.batchId,
            },
          ],
        },
        `payout-${payout.batchId}`,
      );
      return { batchId: answer.batch_header.payout_batch_id };
    },

    /**
     * One batch of payouts (Payouts API): `senderBatchId` is the run's id and the request id, so
     * a retried run answers the batch it created, and PayPal refuses a batch id used before.
     */
    async createPayoutBatch(batch: {
      senderBatchId: string;
      items: { senderItemId: string; amount: string; email: string }[];
    }): Promise<{ batchId: string; status: string }> {
      const answer = await call<{ batch_header: { payout_batch_id: string; batch_status: string } }>(
        "POST",
        "/v1/payments/payouts",
        {
          sender_batch_header: {
            sender_batch_id: batch.senderBatchId,
            email_subject: "You have a payout from ParkPilot",
          },
          items: batch.items.map((item) => ({
            recipient_type: "EMAIL",
            amount: { value: item.amount, currency: "USD" },
            receiver: item.email,
            sender_item_id: item.senderItemId,
          })),
        },
        `run-${batch.senderBatchId}`,
      );
      return { batchId: answer.batch_header.payout_batch_id, status: answer.batch_header.batch_status };
    },

    /** A batch with its items, page by page: each item's status and our sender_item_id. */
    async getPayoutBatchItems(batchId: string): Promise<PayPalPayoutItem[]> {
      const items: PayPalPayoutItem[] = [];
      for (let page = 1; ; page++) {
        const answer = await call<{
          items?: {
            payout_item_id: string;
            transaction_status: string;
            time_processed?: string;
            payout_item: { sender_item_id: string };
            errors?: { name?: string; message?: string };
          }[];
          total_pages?: number;
        }>(
          "GET",
          `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=1000&total_required=true`,
        );
        for (const item of answer.items ?? []) {
          items.push({
            itemId: item.payout_item_id,
            senderItemId: item.payout_item.sender_item_id,
            status: item.transaction_status,
            processedAt: item.time_processed ?? null,
            reason: item.errors?.message ?? item.errors?.name ?? null,
          });
        }
        if (page >= (answer.total_pages ?? 1)) return items;
      }
    },

    /** A payout batch's status: PENDING, PROCESSING, SUCCESS, DENIED, CANCELED. */
    async getPayoutBatch(batchId: string): Promise<{ batchId: string; status: string }> {
      const answer = await call<{ batch_header: { payout_batch_id: string; batch_status: string } }>(
        "GET",
        `/v1/payments/payouts/${encodeURIComponent(batchId)}`,
      );
      return { batchId: answer.batch_header.payout_batch_id, status: answer.batch_header.batch_status };
    },

    /** PayPal's own check of a webhook delivery's signature headers against our webhook id. */
    async verifyWebhookSignature(check: {
      webhookId: string;
      headers: {
        authAlgo: string;
        certUrl: string;
        transmissionId: string;
        transmissionSig: string;
        transmissionTime: string;
      };
      event: unknown;
    }): Promise<boolean> {
      const answer = await call<{ verification_status: string }>(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        {
          auth_algo: check.headers.authAlgo,
          cert_url: check.headers.certUrl,
          transmission_id: check.headers.transmissionId,
          transmission_sig: check.headers.transmissionSig,
          transmission_time: check.headers.transmissionTime,
          webhook_id: check.webhookId,
          webhook_event: check.event,
        },
      );
      return answer.verification_status === "SUCCESS";
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/** The buyer-facing link of a created order. */
export function approveLink(order: PayPalOrder): string | undefined {
  return order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href;
}

/**
 * The completed capture of a captured order, with its amount and our order id. Prices are in US
 * dollars: a capture in any other currency (an order made on the merchant account with the same
 * figure in yen) is no payment of ours.
 */
export function completedCapture(order: PayPalOrder) {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === "COMPLETED");
  if (order.status !== "COMPLETED" || !capture || capture.amount.currency_code !== "USD") return null;
  return {
    id: capture.id,
    amount: capture.amount.value,
    customId: capture.custom_id ?? unit?.custom_id ?? null,
    payer: order.payer?.payer_id ? `paypal:${order.payer.payer_id}` : undefined,
  };
}
