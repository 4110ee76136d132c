import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded into flat keys as Stripe sends them ("line_items[0][quantity]"). */
  form: Record<string, string>;
  headers: IncomingMessage["headers"];
}

/**
 * A local stand-in for the Stripe API, enough for Checkout Sessions, Billing and refunds: the real `stripe` SDK is
 * pointed at it (`STRIPE_API_BASE`), so tests exercise the SDK's real requests.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  /** Refunds made, in order; a repeated idempotency key answers the refund it made before. */
  const refunds: Record<string, unknown>[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();
  /** The card that paid each payment intent (its fingerprint); any other intent was paid by a card of its own. */
  const cards = new Map<string, string>();

  /** `GET /v1/payment_intents/:id`, its latest charge expanded when asked, with the card's fingerprint. */
  function answerPaymentIntent(id: string, query: URLSearchParams) {
    const chargeId = `ch_${id.slice(3)}`;
    const charge = {
      id: chargeId,
      object: "charge",
      payment_intent: id,
      payment_method_details: {
        type: "card",
        card: { fingerprint: cards.get(id) ?? `fp_${id.slice(3, 19)}` },
      },
    };
    const expanded =
      query.getAll("expand[]").includes("latest_charge") || query.get("expand[0]") === "latest_charge";
    return { id, object: "payment_intent", status: "succeeded", latest_charge: expanded ? charge : chargeId };
  }

  /** `POST /v1/refunds` of a payment intent or a charge, for an amount in cents. */
  function answerRefund(form: Record<string, string>, key: string | undefined) {
    const known = key ? refundsByKey.get(key) : undefined;
    if (known) return known;
    const refund = {
      id: `re_${randomBytes(8).toString("hex")}`,
      object: "refund",
      amount: Number(form.amount),
      currency: "usd",
      payment_intent: form.payment_intent ?? null,
      charge: form.charge ?? null,
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith("metadata["))
          .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
      ),
      status: "succeeded",
    };
    refunds.push(refund);
    if (key) refundsByKey.set(key, refund);
    return refund;
  }

  /**
   * `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…`: the invoice a
   * payment intent paid, read off the invoices a test set with their `payments` list.
   */
  function invoicePaymentsOf(query: URLSearchParams) {
    const intent = query.get("payment[payment_intent]");
    const data = [...invoices.values()].flatMap((invoice) => {
      const payments = (
        invoice.payments as { data?: { payment?: { payment_intent?: string } }[] } | undefined
      )?.data;
      return (payments ?? [])
        .filter((p) => intent && p.payment?.payment_intent === intent)
        .map((p) => ({
          id: `inpay_${String(invoice.id).slice(3)}`,
          object: "invoice_payment",
          invoice: invoice.id,
          payment: p.payment,
        }));
    });
    return { object: "list", data, has_more: false, url: "/v1/invoice_payments" };
  }

  /** Connect: Express accounts, their transfers and their payouts, and what each key answered. */
  const accounts = new Map<string, Record<string, unknown> & { id: string }>();
  const transfers = new Map<string, Record<string, unknown> & { id: string }>();
  const bankPayouts = new Map<string, Record<string, unknown> & { id: string }>();
  const byKey = new Map<string, unknown>();
  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith("metadata["))
        .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
    );
  const refused = (message: string) => ({
    status: 400,
    answer: { error: { type: "invalid_request_error", message } },
  });

  /**
   * Stripe Connect: `POST /v1/accounts` (Express), account links, transfers (refused to an account
   * whose payouts are not enabled) and their reversals, and payouts made on a connected account
   * (`Stripe-Account`). A repeated idempotency key answers what it answered before.
   */
  function answerConnect(
    method: string,
    path: string,
    form: Record<string, string>,
    headers: IncomingMessage["headers"],
  ): { status: number; answer: unknown } | null {
    const key = typeof headers["idempotency-key"] === "string" ? `${path}:${headers["idempotency-key"]}` : "";
    if (method === "POST" && key && byKey.has(key)) return { status: 200, answer: byKey.get(key) };
    const remember = (answer: unknown) => {
      if (key) byKey.set(key, answer);
      return { status: 200, answer };
    };
    const [, , kind, id, sub] = path.split("/");
    if (method === "POST" && path === "/v1/accounts") {
      const account = {
        id: `acct_${randomBytes(8).toString("hex")}`,
        object: "account",
        type: form.type,
        email: form.email ?? null,
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        requirements: {
          currently_due: ["external_account", "individual.dob.day", "tos_acceptance.date"],
          disabled_reason: "requirements.past_due",
        },
        settings: { payouts: { schedule: { interval: form["settings[payouts][schedule][interval]"] } } },
        metadata: metadataOf(form),
      };
      accounts.set(account.id, account);
      return remember(account);
    }
    if (kind === "accounts" && id && method === "GET") {
      const account = accounts.get(id);
      return account ? { status: 200, answer: account } : refused(`No such account: '${id}'`);
    }
    if (method === "POST" && path === "/v1/account_links") {
      if (!accounts.has(form.account)) return refused(`No such account: '${form.account}'`);
      return remember({
        object: "account_link",
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.test/setup/e/${form.account}/${randomBytes(6).toString("hex")}`,
        type: form.type,
        return_url: form.return_url,
        refresh_url: form.refresh_url,
      });
    }
    if (method === "POST" && path === "/v1/transfers") {
      const account = accounts.get(form.destination);
      if (!account) return refused(`No such destination: '${form.destination}'`);
      if (!account.payouts_enabled)
        return refused(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers",
        );
      const transfer = {
        id: `tr_${randomBytes(8).toString("hex")}`,
        object: "transfer",
        amount: Number(form.amount),
        currency: form.currency,
        destination: form.destination,
        transfer_group: form.transfer_group ?? null,
        metadata: metadataOf(form),
        reversed: false,
        amount_reversed: 0,
      };
      transfers.set(transfer.id, transfer);
      return remember(transfer);
    }
    if (kind === "transfers" && id && sub === "reversals" && method === "POST") {
      const transfer = transfers.get(id);
      if (!transfer) return refused(`No such transfer: '${id}'`);
      transfer.reversed = true;
      transfer.amount_reversed = transfer.amount;
      return remember({
        id: `trr_${randomBytes(8).toString("hex")}`,
        object: "transfer_reversal",
        amount: transfer.amount,
        transfer: id,
        metadata: metadataOf(form),
      });
    }
    if (kind === "transfers" && id && method === "GET") {
      const transfer = transfers.get(id);
      return transfer ? { status: 200, answer: transfer } : refused(`No such transfer: '${id}'`);
    }
    const connected = typeof headers["stripe-account"] === "string" ? headers["stripe-account"] : null;
    if (method === "POST" && path === "/v1/payouts") {
      if (!connected || !accounts.has(connected)) return refused("Payouts are made on a connected account");
      const payout = {
        id: `po_${randomBytes(8).toString("hex")}`,
        object: "payout",
        amount: Number(form.amount),
        currency: form.currency,
        status: "pending",
        failure_code: null,
        failure_message: null,
        metadata: metadataOf(form),
        account: connected,
      };
      bankPayouts.set(payout.id, payout);
      return remember(payout);
    }
    if (kind === "payouts" && id && method === "GET") {
      const payout = bankPayouts.get(id);
      return payout ? { status: 200, answer: payout } : refused(`No such payout: '${id}'`);
    }
    return null;
  }

  let webhookSecret = "";
  const signer = new Stripe("sk_test_signer");
  /**
   * An event as Stripe would deliver it to the app's endpoint, signed with the secret the app was
   * given (`env`): `account` names the connected account it happened on.
   */
  function signedEvent(type: string, object: unknown, account?: string) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type,
      ...(account ? { account } : {}),
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return {
      payload,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    };
  }

  /** The owner finished Stripe's hosted onboarding: details submitted, payouts enabled. */
  function completeOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      requirements: { currently_due: [], disabled_reason: null },
    });
    return signedEvent("account.updated", account, accountId);
  }

  /** The bank paid (or refused) a connected account's payout: its event, signed. */
  function settleBankPayout(payoutId: string, outcome: "paid" | "failed", failureMessage?: string) {
    const payout = bankPayouts.get(payoutId);
    if (!payout) throw new Error(`no payout ${payoutId}`);
    Object.assign(payout, {
      status: outcome,
      ...(outcome === "failed"
        ? {
            failure_code: "account_closed",
            failure_message: failureMessage ?? "The bank account has been closed.",
          }
        : {}),
    });
    return signedEvent(`payout.${outcome}`, payout, String(payout.account));
  }

  /** Stripe Billing: customers, prices, subscriptions (read and update), invoices, portal sessions. */
  function answerBilling(
    method: string,
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): unknown {
    const [, , kind, id] = path.split("/");
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: `cus_${randomBytes(6).toString("hex")}`,
        object: "customer",
        email: form.email ?? null,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === "POST" && path === "/v1/prices") {
      const price = {
        id: `price_${randomBytes(6).toString("hex")}`,
        object: "price",
        unit_amount: Number(form.unit_amount),
        currency: form.currency,
        recurring: form["recurring[interval]"] ? { interval: form["recurring[interval]"] } : null,
        product: form.product ?? `prod_${randomBytes(4).toString("hex")}`,
      };
      prices.set(price.id, price);
      return price;
    }
    if (kind === "customers" && id && customers.has(id)) return customers.get(id);
    if (kind === "prices" && id && prices.has(id)) return prices.get(id);
    if (kind === "invoices" && id && invoices.has(id)) return invoices.get(id);
    if (method === "GET" && path === "/v1/invoice_payments") return invoicePaymentsOf(query);
    if (method === "GET" && kind === "payment_intents" && id) return answerPaymentIntent(id, query);
    if (kind === "subscriptions" && id) {
      const sub = subscriptions.get(id) ?? fakeSubscription(id);
      if (method === "POST") {
        if (form.cancel_at_period_end) sub.cancel_at_period_end = form.cancel_at_period_end === "true";
        const amount = form["items[0][price_data][unit_amount]"];
        if (amount) sub.items.data[0].price.unit_amount = Number(amount);
      }
      subscriptions.set(id, sub);
      return sub;
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const session = `bps_${randomBytes(6).toString("hex")}`;
      return {
        id: session,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${session}`,
      };
    }
    return null;
  }
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
      const connect = answerConnect(req.method ?? "", path, form, req.headers);
      if (connect) {
        res.statusCode = connect.status;
        res.end(JSON.stringify(connect.answer));
        return;
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const key = req.headers["idempotency-key"];
        res.end(JSON.stringify(answerRefund(form, typeof key === "string" ? key : undefined)));
        return;
      }
      const billing = answerBilling(
        req.method ?? "",
        path,
        form,
        new URLSearchParams((req.url ?? "").split("?")[1] ?? ""),
      );
      if (billing) {
        res.end(JSON.stringify(billing));
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
    /** What the app needs to use this fake, with `webhookSecret` signing its webhooks. */
    env: (secret: string) => {
      webhookSecret = secret;
      return {
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
        PUBLIC_URL: "https://parkpilot.test",
      };
    },
    requests,
    accounts,
    transfers,
    bankPayouts,
    signedEvent,
    completeOnboarding,
    settleBankPayout,
    subscriptions,
    invoices,
    refunds,
    /** Pays the payment intent with this card: Stripe then reports the card's fingerprint for it. */
    payWithCard: (paymentIntent: string, fingerprint: string) => cards.set(paymentIntent, fingerprint),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A subscription as the fake keeps it: one item, a monthly price, the period on the item. */
export interface FakeSubscription {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  items: {
    object: "list";
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        unit_amount: number;
        currency: string;
        product: string;
        recurring: { interval: string };
      };
    }[];
  };
}

const DAY = 86_400;

/** A new active subscription whose month began now (Stripe's clock, in seconds). */
export function fakeSubscription(id: string, start = Math.floor(Date.now() / 1000)): FakeSubscription {
  return {
    id,
    object: "subscription",
    status: "active",
    customer: `cus_${id.slice(4, 12)}`,
    cancel_at_period_end: false,
    items: {
      object: "list",
      data: [
        {
          id: `si_${id.slice(4, 12)}`,
          current_period_start: start,
          current_period_end: start + 30 * DAY,
          price: {
            id: `price_${id.slice(4, 12)}`,
            unit_amount: 0,
            currency: "usd",
            product: `prod_${id.slice(4, 12)}`,
            recurring: { interval: "month" },
          },
        },
      ],
    },
  };
}
