import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { approvePayout, rejectPayout } from "../../server/modules/admin/payout-review";
import { refundOrderAsStaff } from "../../server/modules/admin/staff-refund";
import { settleMissedCampaigns } from "../../server/modules/affiliates/settle-campaign";
import { checkRepeatPurchase } from "../../server/modules/billing/repeat-purchase";
import { releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { leaseQuoteOf } from "../../server/modules/marketplace/lease-terms";
import {
  acceptTransaction,
  confirmTransfer,
  openTransaction,
} from "../../server/modules/marketplace/transactions.service";
import { requestPayout } from "../../server/modules/payouts/payouts.service";
import { createOrder } from "../../server/modules/purchases/purchases.service";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import { PayoutRefused, type PayoutSender } from "../../server/payments/provider";
import { sandboxPayoutSender } from "../../server/payments/sandbox-provider";
import { OFFERS, type OfferKey } from "../../shared/catalog";
import { sellerProceedsCents } from "../../shared/marketplace-deals";
import { centsToDecimal, signedToCents } from "../../shared/money";
import {
  affiliates,
  domains,
  marketplaceTransactions,
  payouts,
  subscriptions,
  users,
} from "../../shared/schema";
import { recordLeaseRenewal, runSaleClock } from "../factories/deals";
import { insertDomain } from "../factories/domains";
import { paidCheckoutSession, signedStripeEvent } from "../factories/webhooks";
import { type DnsServer, startDnsServer } from "../setup/dns-server";
import { fakeSubscription, startFakeStripe } from "../setup/fake-stripe";
import { createTestAppWith, type TestApp } from "../setup/test-app";

/**
 * A model of the money (docs/money.md#the-model-test): random sequences of what moves it (paying
 * orders of every flow, paying twice, partial and whole refunds from the console and from Stripe,
 * chargebacks opened, won and lost, escrow sales and leases moved along, the clock moved past every
 * hold and timeout, payouts requested, approved, refused and rejected) run against the real app on
 * the real database, beside a model that says what each account is owed. After every step: each
 * balance is the sum of its ledger rows; what the ledger credits each account, and what of it is
 * available or pending, is exactly what the model says the platform holds for it; no name is
 * verified in two portfolios, nor with a buyer whose payment was taken back; no order is paid twice,
 * and every second payment went back to the payer.
 */
const SECRET = "whsec_test_money_model";
const RUNS = Number(process.env.MODEL_RUNS ?? process.env.FUZZ_RUNS ?? 200);
const DAY_S = 86_400;
const CLOCK_DAYS = 45;
const COMMISSION_PERCENT = 15;
const REFERRAL_RATE = 10;
const SALE_PRICE = 100_000;
const LEASE_PRICE = 120_000;
const LEASE_MONTHS = 12;

let t: TestApp;
let dns: DnsServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let clockDays = 0;
beforeAll(async () => {
  ({ t, dns, stripe } = await createTestAppWith(
    { dns: startDnsServer, stripe: startFakeStripe },
    (fakes) => ({
      DNS_SERVERS: fakes.dns.address,
      INSPECTION_DAYS: "3",
      COMMISSION_HOLD_DAYS: "30",
      MARKETPLACE_COMMISSION_PERCENT: String(COMMISSION_PERCENT),
      PAYOUT_REVIEW_ABOVE: "1000000",
      ...fakes.stripe.env(SECRET),
    }),
  ));
}, 120_000);
afterAll(() => t?.close());

type Role = "referrer" | "buyer" | "seller";
const ROLES: Role[] = ["referrer", "buyer", "seller"];

/** One credit the model expects: its amount, what is left of it, what each cause took, and whether its hold ended. */
interface Credit {
  owner: Role;
  amount: number;
  remaining: number;
  taken: Map<string, number>;
  released: boolean;
}

interface Order {
  id: string;
  price: number;
  payer: Role;
  offer: string;
  paid: boolean;
  intent: string | null;
  extraIntents: string[];
  refunded: number;
  ended: "refunded" | "charged_back" | null;
  dispute: string | null;
  disputeOpen: boolean;
  credits: Credit[];
  sale: string | null;
  campaign: boolean;
}

interface Sale {
  id: string;
  kind: "sale" | "lease";
  domainId: string;
  domainName: string;
  status: string;
  amount: number;
  refunded: number;
  orders: string[];
  instalmentsPaid: number;
  /** A lease's first instalment's clock, in days: the next one falls due 30 days after each paid one. */
  startedAtDay: number;
  /** Money taken back in whole from any of its payments after which the buyer must not hold the name. */
  moneyGone: boolean;
}

interface Model {
  orders: Order[];
  sales: Sale[];
  /** The order of the account plan subscription that is live (both monthly offers sell one), or null. */
  plan: string | null;
  /** Each campaign's state and the bonus it promises (a part refunded while it runs shrinks it), by its order. */
  campaigns: Map<string, { state: "active" | "missed" | "cancelled"; bonus: number }>;
  withdrawn: Record<Role, number>;
  /** Payouts waiting for review, by id, and their amounts. */
  held: { id: string; owner: Role; amount: number }[];
  /** Every payout accepted, with the request key it was asked for under. */
  paidOut: { id: string; owner: Role; cents: number; key: string }[];
  listed: { sale: string | null; lease: string | null };
}

interface Real {
  users: Record<Role, string>;
  saleDomain: { id: string; name: string };
  leaseDomain: { id: string; name: string };
}

const creditOf = (owner: Role, amount: number): Credit => ({
  owner,
  amount,
  remaining: amount,
  taken: new Map(),
  released: false,
});

/** What the ledger holds for `role` by the model: every credit's rest, split by whether its hold ended. */
function expected(model: Model, role: Role) {
  let available = 0;
  let pending = 0;
  for (const order of model.orders)
    for (const credit of order.credits) {
      if (credit.owner !== role) continue;
      if (credit.released) available += credit.remaining;
      else pending += credit.remaining;
    }
  return { available: available - model.withdrawn[role], pending, credited: available + pending };
}

let sequence = 0;
const newId = (prefix: string) => `${prefix}_${++sequence}_${randomUUID().slice(0, 8)}`;
const deliver = (type: string, object: Record<string, unknown>) =>
  signedStripeEvent(t.app, SECRET, type, object, { created: Math.floor(Date.now() / 1000) + ++sequence });

/** A Stripe card payment of `cents` for the order, as its signed webhook says; answers the payment intent. */
async function payByStripe(orderId: string, cents: number): Promise<string> {
  const intent = newId("pi");
  const session = { ...paidCheckoutSession(orderId, cents, intent), id: newId("cs") };
  const res = await deliver("checkout.session.completed", session);
  if (res.status !== 200) throw new Error(`checkout webhook answered ${res.status}`);
  return intent;
}

/** A monthly offer's first payment through a subscription Checkout, its invoice paid by a payment intent. */
async function subscribeByStripe(orderId: string, cents: number): Promise<string> {
  const intent = newId("pi");
  const remote = newId("sub");
  const invoice = newId("in");
  stripe.subscriptions.set(remote, fakeSubscription(remote));
  stripe.invoices.set(invoice, {
    id: invoice,
    object: "invoice",
    payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: intent } }] },
  });
  const res = await deliver("checkout.session.completed", {
    id: newId("cs"),
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: orderId,
    metadata: { orderId },
    payment_status: "paid",
    currency: "usd",
    amount_total: cents,
    subscription: remote,
    customer: `cus_${remote}`,
    invoice,
  });
  if (res.status !== 200) throw new Error(`subscription webhook answered ${res.status}`);
  return intent;
}

/** The commission the referrer earns on an order of the buyer or the seller (both referred), never on an escrow payment. */
const commissionOn = (order: Order) =>
  order.sale === null && order.payer !== "referrer"
    ? [creditOf("referrer", Math.round((order.price * REFERRAL_RATE) / 100))]
    : [];

/** Takes a part refunded of `order` out of its credits, each its share of the part, as the ledger does. */
function takePart(order: Order, part: number, cause: string) {
  for (const credit of order.credits) {
    const share = Math.min(credit.remaining, Math.round((credit.amount * part) / order.price));
    if (share <= 0) continue;
    credit.remaining -= share;
    credit.taken.set(cause, (credit.taken.get(cause) ?? 0) + share);
  }
}

/** All that is left of every credit the order funded goes back, for `cause`. */
function takeAll(order: Order, cause: string) {
  for (const credit of order.credits) {
    if (credit.remaining <= 0) continue;
    credit.taken.set(cause, (credit.taken.get(cause) ?? 0) + credit.remaining);
    credit.remaining = 0;
  }
}

const saleOf = (model: Model, order: Order) => model.sales.find((s) => s.id === order.sale);

/** What a whole refund or a chargeback of one of a sale's payments does to the sale (its machine, as the model reads it). */
function saleLosesMoney(sale: Sale, how: "refunded" | "charged_back") {
  const before = sale.status;
  if (sale.kind === "lease" && before === "leasing") sale.status = "lease_ended";
  else if (["awaiting_transfer", "inspection", "disputed", "completed"].includes(before)) sale.status = how;
  if (sale.status !== before && before !== "leasing") sale.moneyGone = true;
}

/** The model's and the real system's money agree, and every invariant holds. */
async function checkInvariants(model: Model, real: Real) {
  const ids = ROLES.map((role) => real.users[role]);
  const { rows } = await t.db.execute<Record<string, string>>(sql`
    select u.id::text as user_id,
      coalesce(sum(l.amount) filter (where l.status = 'available'), 0)::text as available_rows,
      coalesce(sum(l.amount) filter (where l.status = 'pending'), 0)::text as pending_rows,
      coalesce(sum(l.amount) filter (where l.payout_id is null), 0)::text as credited,
      coalesce(max(b.available), 0)::text as available,
      coalesce(max(b.pending), 0)::text as pending
    from unnest(${sql.param(ids)}::uuid[]) as u(id)
    left join ledger_entries l on l.user_id = u.id
    left join balances b on b.user_id = u.id
    group by u.id
  `);
  for (const role of ROLES) {
    const row = rows.find((r) => r.user_id === real.users[role]) as Record<string, string>;
    // Each balance is the sum of its ledger rows.
    expect(signedToCents(row.available), `${role}: available vs its rows`).toBe(
      signedToCents(row.available_rows),
    );
    expect(signedToCents(row.pending), `${role}: pending vs its rows`).toBe(signedToCents(row.pending_rows));
    // What the ledger owes each account is what the platform holds for it.
    const want = expected(model, role);
    expect(signedToCents(row.credited), `${role}: credited`).toBe(want.credited);
    expect(signedToCents(row.available), `${role}: available`).toBe(want.available);
    expect(signedToCents(row.pending), `${role}: pending`).toBe(want.pending);
  }
  // No name is verified in two portfolios, nor held by a buyer whose payment was taken back.
  const names = [real.saleDomain.name, real.leaseDomain.name];
  const copies = await t.db
    .select({ name: domains.name, userId: domains.userId })
    .from(domains)
    .where(and(inArray(domains.name, names), sql`${domains.verifiedAt} is not null`));
  for (const name of names)
    expect(
      copies.filter((c) => c.name === name),
      `${name} verified once`,
    ).toHaveLength(1);
  for (const sale of model.sales) {
    if (!sale.moneyGone) continue;
    const buyerHolds = copies.some((c) => c.name === sale.domainName && c.userId === real.users.buyer);
    expect(buyerHolds, `${sale.domainName}: the buyer holds it after its payment was taken back`).toBe(false);
  }
  // No order is paid twice, and every second payment went back to the payer.
  const paid = model.orders.filter((o) => o.paid).map((o) => o.id);
  if (paid.length > 0) {
    const twice = await t.db.execute<{ order_id: string; n: number }>(sql`
      select order_id::text, count(*)::int as n from transactions
      where type = 'payment' and order_id = any(${sql.param(paid)}::uuid[]) group by order_id having count(*) > 1
    `);
    expect(twice.rows, "orders paid twice").toEqual([]);
  }
  for (const order of model.orders)
    for (const intent of order.extraIntents)
      expect(
        stripe.refunds.some((r) => r.payment_intent === intent && r.amount === order.price),
        `the second payment ${intent} went back`,
      ).toBe(true);
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** How often each kind of step ran, printed after the run: what the sequences reached. */
const ran = new Map<string, number>();
afterAll(() => {
  console.info(`money model steps run: ${[...ran].map(([k, n]) => `${k} ${n}`).join(", ")}`);
});

/** A command whose run ends with the invariants checked. */
abstract class Step implements Cmd {
  abstract check(model: Readonly<Model>): boolean;
  abstract act(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
  async run(model: Model, real: Real) {
    await this.act(model, real);
    ran.set(this.constructor.name, (ran.get(this.constructor.name) ?? 0) + 1);
    await checkInvariants(model, real);
  }
}

/** The three offers bought by card in one payment, and the two bought as subscriptions. */
const ONE_OFF: { key: OfferKey; body: Record<string, unknown>; payer: Role }[] = [
  { key: "trainingCourse", body: { courseId: "social-media-mastery", price: "197.00" }, payer: "buyer" },
  { key: "recruitmentIncentive", body: { goal: 10, bonusAmount: "500.00", duration: 30 }, payer: "buyer" },
  { key: "promotion", body: { promotionType: "social", price: "99.99", duration: "30" }, payer: "seller" },
];
const MONTHLY: { key: OfferKey; body: Record<string, unknown> }[] = [
  { key: "accountUpgrade", body: { plan: "business", price: "79" } },
  { key: "proUpgrade", body: { planId: "pro-monthly" } },
];

/** One-off offers of the model a buyer holds for good once bought: not sold twice. */
const HELD_ONCE_IN_MODEL: OfferKey[] = ["trainingCourse"];
/**
 * The buyer holds the offer: an order of it is paid and was never taken back. As with a plan, what a
 * chargeback took stays taken when the chargeback is won (the money comes back, the grant does not).
 */
const holds = (model: Readonly<Model>, offer: OfferKey) =>
  model.orders.some((o) => o.offer === offer && o.paid && !o.ended && !o.dispute);

class BuyOffer extends Step {
  constructor(
    readonly which: number,
    readonly monthly: boolean,
  ) {
    super();
  }
  check = () => true;
  toString = () =>
    `buy ${this.monthly ? MONTHLY[this.which % MONTHLY.length].key : ONE_OFF[this.which % ONE_OFF.length].key}`;
  async act(model: Model, real: Real) {
    const pick = this.monthly
      ? { ...MONTHLY[this.which % MONTHLY.length], payer: "buyer" as Role }
      : ONE_OFF[this.which % ONE_OFF.length];
    const body = pick.key === "promotion" ? { ...pick.body, domainId: real.leaseDomain.id } : pick.body;
    const order = () =>
      createOrder({
        db: t.db,
        userId: real.users[pick.payer],
        offerKey: pick.key,
        offer: OFFERS[pick.key],
        input: body,
        repeat: (purchase) => checkRepeatPurchase(t.deps, purchase),
      });
    // One live subscription per offer, and a course is held once: a second is refused, nothing ordered.
    const refusal =
      this.monthly && model.plan
        ? /^You already subscribe to/
        : HELD_ONCE_IN_MODEL.includes(pick.key) && holds(model, pick.key)
          ? /^You have this already/
          : null;
    if (refusal) {
      await expect(order()).rejects.toThrow(refusal);
      return;
    }
    // A promotion places a listing: once the leased name is sold (or no longer listed), none is sold.
    if (pick.key === "promotion") {
      const [name] = await t.db
        .select({ soldAt: domains.soldAt, price: domains.marketplacePrice, verifiedAt: domains.verifiedAt })
        .from(domains)
        .where(eq(domains.id, real.leaseDomain.id));
      if (!name || name.soldAt || !name.price || !name.verifiedAt) {
        await expect(order()).rejects.toThrow(/no listing to promote|not listed|not verified/);
        return;
      }
    }
    const { orderId } = await order();
    const price = Math.round(Number(OFFERS[pick.key].quote(body).price) * 100);
    const intent = this.monthly ? await subscribeByStripe(orderId, price) : await payByStripe(orderId, price);
    const bought: Order = {
      id: orderId,
      price,
      payer: pick.payer,
      offer: pick.key,
      paid: true,
      intent,
      extraIntents: [],
      refunded: 0,
      ended: null,
      dispute: null,
      disputeOpen: false,
      credits: [],
      sale: null,
      campaign: pick.key === "recruitmentIncentive",
    };
    bought.credits = commissionOn(bought);
    model.orders.push(bought);
    if (bought.campaign) model.campaigns.set(bought.id, { state: "active", bonus: 50_000 });
    if (this.monthly) model.plan = bought.id;
  }
}

/** An order open for refunds and disputes: paid, not ended, by Stripe. */
const open = (model: Readonly<Model>) => model.orders.filter((o) => o.paid && !o.ended && o.intent);
const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

class PayAgain extends Step {
  constructor(readonly n: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.orders.some((o) => o.paid && o.sale === null);
  toString = () => `pay an order again #${this.n}`;
  async act(model: Model) {
    const order = pick(
      model.orders.filter((o) => o.paid && o.sale === null),
      this.n,
    );
    order.extraIntents.push(await payByStripe(order.id, order.price));
  }
}

class RefundPart extends Step {
  constructor(
    readonly n: number,
    readonly percent: number,
    readonly viaConsole: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => open(model).some((o) => o.price - o.refunded > 1);
  toString = () => `refund ${this.percent}% ${this.viaConsole ? "from the console" : "in Stripe"} #${this.n}`;
  async act(model: Model) {
    const order = pick(
      open(model).filter((o) => o.price - o.refunded > 1),
      this.n,
    );
    const part = Math.max(
      1,
      Math.min(order.price - order.refunded - 1, Math.round((order.price * this.percent) / 100)),
    );
    let cause: string;
    if (this.viaConsole) {
      const done = await refundOrderAsStaff(t.deps, {
        staffId: null,
        orderId: order.id,
        amount: centsToDecimal(part),
        reason: "model: part",
      });
      cause = done.refund.id;
    } else {
      const res = await deliver("charge.refunded", {
        id: newId("ch"),
        object: "charge",
        payment_intent: order.intent,
        amount_refunded: order.refunded + part,
      });
      if (res.status !== 200) throw new Error(`refund webhook answered ${res.status}`);
      cause = "";
    }
    order.refunded += part;
    takePart(order, part, cause || `part-${order.refunded}`);
    const sale = saleOf(model, order);
    if (sale && ["awaiting_transfer", "inspection", "disputed", "completed", "leasing"].includes(sale.status))
      sale.refunded += part;
    const campaign = model.campaigns.get(order.id);
    if (campaign?.state === "active") campaign.bonus = Math.max(0, campaign.bonus - part);
  }
}

class RefundWhole extends Step {
  constructor(
    readonly n: number,
    readonly viaConsole: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => open(model).length > 0;
  toString = () => `refund in whole ${this.viaConsole ? "from the console" : "in Stripe"} #${this.n}`;
  async act(model: Model) {
    const order = pick(open(model), this.n);
    if (this.viaConsole) {
      await refundOrderAsStaff(t.deps, { staffId: null, orderId: order.id, reason: "model: whole" });
    } else {
      const res = await deliver("charge.refunded", {
        id: newId("ch"),
        object: "charge",
        payment_intent: order.intent,
        amount_refunded: order.price,
      });
      if (res.status !== 200) throw new Error(`refund webhook answered ${res.status}`);
    }
    endOrder(model, order, "refunded", "whole");
  }
}

function endOrder(model: Model, order: Order, how: "refunded" | "charged_back", cause: string) {
  order.ended = how;
  // The period the payment paid for is taken back: the subscription stands lapsed, a chargeback won or not.
  if (model.plan === order.id) model.plan = null;
  takeAll(order, cause);
  const campaign = model.campaigns.get(order.id);
  if (campaign?.state === "active") campaign.state = "cancelled";
  const sale = saleOf(model, order);
  if (sale) saleLosesMoney(sale, how);
}

class Chargeback extends Step {
  constructor(readonly n: number) {
    super();
  }
  check = (model: Readonly<Model>) => open(model).length > 0;
  toString = () => `chargeback #${this.n}`;
  async act(model: Model) {
    const order = pick(open(model), this.n);
    const dispute = newId("dp");
    const res = await deliver("charge.dispute.created", {
      id: dispute,
      object: "dispute",
      payment_intent: order.intent,
      charge: newId("ch"),
      amount: order.price - order.refunded,
      status: "needs_response",
    });
    if (res.status !== 200) throw new Error(`dispute webhook answered ${res.status}`);
    order.dispute = dispute;
    order.disputeOpen = true;
    endOrder(model, order, "charged_back", dispute);
  }
}

class DecideChargeback extends Step {
  constructor(
    readonly n: number,
    readonly won: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.orders.some((o) => o.disputeOpen);
  toString = () => `chargeback ${this.won ? "won" : "lost"} #${this.n}`;
  async act(model: Model) {
    const order = pick(
      model.orders.filter((o) => o.disputeOpen),
      this.n,
    );
    const res = await deliver("charge.dispute.closed", {
      id: order.dispute,
      object: "dispute",
      payment_intent: order.intent,
      amount: order.price,
      status: this.won ? "won" : "lost",
    });
    if (res.status !== 200) throw new Error(`dispute webhook answered ${res.status}`);
    order.disputeOpen = false;
    if (!this.won || order.ended !== "charged_back") return;
    order.ended = null;
    for (const credit of order.credits) {
      const back = credit.taken.get(order.dispute ?? "") ?? 0;
      credit.remaining += back;
    }
    const sale = saleOf(model, order);
    if (sale?.status === "charged_back") sale.status = "disputed";
    const campaign = model.campaigns.get(order.id);
    if (campaign?.state === "cancelled") campaign.state = "active";
  }
}

class OpenSale extends Step {
  constructor(readonly lease: boolean) {
    super();
  }
  check = (model: Readonly<Model>) => (this.lease ? model.listed.lease === null : model.listed.sale === null);
  toString = () => `open a ${this.lease ? "lease" : "sale"}`;
  async act(model: Model, real: Real) {
    const domain = this.lease ? real.leaseDomain : real.saleDomain;
    const opened = await openTransaction({
      db: t.db,
      userId: real.users.buyer,
      input: this.lease
        ? { domainId: domain.id, kind: "lease", months: LEASE_MONTHS }
        : { domainId: domain.id },
      config: saleConfig(),
    });
    const sale: Sale = {
      id: opened.id,
      kind: this.lease ? "lease" : "sale",
      domainId: domain.id,
      domainName: domain.name,
      status: "awaiting_payment",
      amount: this.lease ? LEASE_PRICE : SALE_PRICE,
      refunded: 0,
      orders: [opened.orderId],
      instalmentsPaid: 0,
      startedAtDay: clockDays,
      moneyGone: false,
    };
    model.sales.push(sale);
    if (this.lease) model.listed.lease = sale.id;
    else model.listed.sale = sale.id;
  }
}

const saleConfig = () => ({ inspectionDays: 3, commissionPercent: COMMISSION_PERCENT, holdDays: 30 });
const proceeds = (cents: number) => sellerProceedsCents(cents, COMMISSION_PERCENT);
const QUOTE = leaseQuoteOf(centsToDecimal(LEASE_PRICE), LEASE_MONTHS);
const instalmentCents = (n: number) =>
  Math.round(Number(n === LEASE_MONTHS ? QUOTE.last : QUOTE.monthly) * 100);

class PaySale extends Step {
  constructor(readonly instalments: number) {
    super();
  }
  check = (model: Readonly<Model>) =>
    model.sales.some(
      (s) =>
        (s.kind === "sale" && s.status === "awaiting_payment") ||
        (s.kind === "lease" && ["awaiting_payment", "leasing"].includes(s.status)),
    );
  toString = () => `pay a sale (${this.instalments} instalments)`;
  async act(model: Model) {
    const sale = model.sales.find(
      (s) =>
        (s.kind === "sale" && s.status === "awaiting_payment") ||
        (s.kind === "lease" && ["awaiting_payment", "leasing"].includes(s.status)),
    ) as Sale;
    if (sale.kind === "sale") {
      const intent = await payByStripe(sale.orders[0], sale.amount);
      model.orders.push(saleOrder(sale, sale.orders[0], sale.amount, intent, []));
      sale.status = "awaiting_transfer";
      return;
    }
    for (let i = 0; i < this.instalments && sale.instalmentsPaid < LEASE_MONTHS; i += 1) {
      const n = sale.instalmentsPaid + 1;
      const cents = instalmentCents(n);
      let orderId = sale.orders[0];
      let intent: string;
      if (n === 1) intent = await payByStripe(orderId, cents);
      else {
        const [row] = await t.db
          .select()
          .from(marketplaceTransactions)
          .where(eq(marketplaceTransactions.id, sale.id));
        const [sub] = await t.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, row.subscriptionId ?? ""));
        intent = newId("pi");
        await recordLeaseRenewal(t, sub, intent);
        const [paid] = (
          await t.db.execute<{ id: string }>(
            sql`select id::text from service_orders where provider_payment_id = ${intent}`,
          )
        ).rows;
        orderId = paid.id;
        sale.orders.push(orderId);
      }
      if (n === 1) sale.startedAtDay = clockDays;
      model.orders.push(saleOrder(sale, orderId, cents, intent, [creditOf("seller", proceeds(cents))]));
      sale.instalmentsPaid = n;
      sale.status = n === LEASE_MONTHS ? "awaiting_transfer" : "leasing";
    }
  }
}

function saleOrder(sale: Sale, id: string, price: number, intent: string, credits: Credit[]): Order {
  return {
    id,
    price,
    payer: "buyer",
    offer: sale.kind,
    paid: true,
    intent,
    extraIntents: [],
    refunded: 0,
    ended: null,
    dispute: null,
    disputeOpen: false,
    credits,
    sale: sale.id,
    campaign: false,
  };
}

class TransferAndAccept extends Step {
  constructor(readonly accept: boolean) {
    super();
  }
  check = (model: Readonly<Model>) =>
    model.sales.some((s) => s.status === "awaiting_transfer" || (this.accept && s.status === "inspection"));
  toString = () => `prove the transfer${this.accept ? " and accept" : ""}`;
  async act(model: Model, real: Real) {
    const sale = model.sales.find(
      (s) => s.status === "awaiting_transfer" || (this.accept && s.status === "inspection"),
    ) as Sale;
    if (sale.status === "awaiting_transfer") {
      const [row] = await t.db
        .select()
        .from(marketplaceTransactions)
        .where(eq(marketplaceTransactions.id, sale.id));
      dns.publishTxt(sale.domainName, `parkpilot-verify=${row.buyerToken}`);
      await confirmTransfer({ db: t.db, checker: t.deps.ownership, userId: real.users.buyer, id: sale.id });
      sale.status = "inspection";
    }
    if (!this.accept) return;
    await acceptTransaction({ db: t.db, userId: real.users.buyer, id: sale.id, config: saleConfig() });
    completeInModel(model, sale);
  }
}

function completeInModel(model: Model, sale: Sale) {
  sale.status = "completed";
  if (sale.kind !== "sale") return;
  const order = model.orders.find((o) => o.id === sale.orders[0]) as Order;
  const kept = proceeds(Math.max(0, sale.amount - sale.refunded));
  if (kept > 0) order.credits.push(creditOf("seller", kept));
}

class Clock extends Step {
  check = () => true;
  toString = () => `the clock moves ${CLOCK_DAYS} days`;
  async act(model: Model) {
    clockDays += CLOCK_DAYS;
    const now = new Date(Date.now() + clockDays * DAY_S * 1000);
    const billingNow = await moveBillingClock(t.db, CLOCK_DAYS * DAY_S);
    await runSaleClock(t, now);
    await settleMissedCampaigns({ db: t.db, now: billingNow });
    await releaseHeldFunds({ db: t.db, now: new Date(now.getTime() + DAY_S * 1000) });
    for (const sale of model.sales) {
      if (sale.status === "awaiting_payment") sale.status = "cancelled";
      else if (sale.status === "inspection") completeInModel(model, sale);
      // An instalment unpaid 10 days past its due date (30 days after the one before) ends the lease.
      else if (sale.status === "leasing" && clockDays > sale.startedAtDay + 30 * sale.instalmentsPaid + 10)
        sale.status = "lease_ended";
      else if (sale.status === "awaiting_transfer" && sale.kind === "lease") sale.status = "disputed";
      else if (sale.status === "awaiting_transfer") {
        // Not transferred in time: the buyer is refunded in whole by the platform.
        endOrder(model, model.orders.find((o) => o.id === sale.orders[0]) as Order, "refunded", "timeout");
      }
    }
    // A campaign's 30 days have run out without its 10 recruits: the bonus goes back to its buyer.
    for (const order of model.orders) {
      const campaign = model.campaigns.get(order.id);
      if (campaign?.state !== "active") continue;
      campaign.state = "missed";
      if (campaign.bonus > 0) order.credits.push(creditOf("buyer", campaign.bonus));
    }
    for (const order of model.orders) for (const credit of order.credits) credit.released = true;
  }
}

const sandboxRefusing: PayoutSender = {
  name: "sandbox",
  async send() {
    throw new PayoutRefused("receiver unknown");
  },
  settle: sandboxPayoutSender.settle,
};

class Payout extends Step {
  /**
   * `amount` is cents, or with `ofAvailable` a percentage of what the model says is available
   * then (most fixed amounts find too little there, and a payout must be accepted to be asked again).
   */
  constructor(
    readonly who: Role,
    readonly amount: number,
    readonly refused: boolean,
    readonly ofAvailable = false,
  ) {
    super();
  }
  check = () => true;
  toString = () =>
    `${this.who} asks for a payout of ${this.ofAvailable ? `${this.amount}% of the available funds` : centsToDecimal(this.amount)}${this.refused ? " (the provider refuses)" : ""}`;
  async act(model: Model, real: Real) {
    const { available } = expected(model, this.who);
    const cents = this.ofAvailable ? Math.floor((Math.max(available, 0) * this.amount) / 100) : this.amount;
    const allowed = cents >= 5_000 && available >= cents;
    const key = `model-${this.who}-${newId("payout")}`;
    const answer = await requestPayout({
      db: t.db,
      mailer: t.deps.mailer,
      sender: this.refused ? sandboxRefusing : sandboxPayoutSender,
      logger: t.deps.logger,
      reviewAbove: "1000000.00",
      userId: real.users[this.who],
      amount: centsToDecimal(cents),
      paypalEmail: `${this.who}@wallet.test`,
      requestKey: key,
    }).catch(() => null);
    // Accepted (sent, or held for review) only when the model says the account holds that much; a
    // refusal of an allowed payout is only the provider's, and gives the amount back.
    if (answer) expect(allowed, `a payout of ${cents} beyond the ${available} held was accepted`).toBe(true);
    else
      expect(allowed && !this.refused, `a payout of ${cents} within the ${available} held was refused`).toBe(
        false,
      );
    if (!answer) return;
    model.withdrawn[this.who] += cents;
    model.paidOut.push({ id: answer.id, owner: this.who, cents: cents, key });
    if (answer.status === "held") model.held.push({ id: answer.id, owner: this.who, amount: cents });
  }
}

/** An accepted payout asked for again under its key (a retry, a second click): it is answered, never made again. */
class PayoutAgain extends Step {
  constructor(readonly n: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.paidOut.length > 0;
  toString = () => `payout #${this.n} is asked for again under its key`;
  async act(model: Model, real: Real) {
    const earlier = pick(model.paidOut, this.n);
    const answer = await requestPayout({
      db: t.db,
      mailer: t.deps.mailer,
      sender: sandboxPayoutSender,
      logger: t.deps.logger,
      reviewAbove: "1000000.00",
      userId: real.users[earlier.owner],
      amount: centsToDecimal(earlier.cents),
      paypalEmail: `${earlier.owner}@wallet.test`,
      requestKey: earlier.key,
    });
    expect(answer, `payout #${this.n} asked again`).toMatchObject({ id: earlier.id, replayed: true });
  }
}

class Review extends Step {
  constructor(
    readonly n: number,
    readonly approve: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.held.length > 0;
  toString = () => `staff ${this.approve ? "approve" : "reject"} a held payout #${this.n}`;
  async act(model: Model, real: Real) {
    const held = pick(model.held, this.n);
    model.held = model.held.filter((h) => h.id !== held.id);
    const review = {
      db: t.db,
      mailer: t.deps.mailer,
      meta: { address: "127.0.0.1", userAgent: "model" },
      payoutId: held.id,
      staffId: real.users.referrer,
    };
    if (this.approve) await approvePayout({ ...review, sender: sandboxPayoutSender, logger: t.deps.logger });
    else {
      await rejectPayout({ ...review, reason: "model: rejected" });
      model.withdrawn[held.owner] -= held.amount;
    }
    const [row] = await t.db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, held.id));
    expect(row.status).toBe(this.approve ? "completed" : "rejected");
  }
}

/** A world of its own for each sequence: a referrer who brought in the buyer and the seller, the seller's two listings. */
async function world(): Promise<{ model: Model; real: Real }> {
  const ids = {} as Record<Role, string>;
  for (const role of ROLES) {
    const tag = `${role}-${randomUUID().slice(0, 12)}`;
    const [user] = await t.db
      .insert(users)
      .values({ name: tag, username: tag, email: `${tag}@model.test`, passwordHash: "x", referralCode: tag })
      .returning({ id: users.id });
    ids[role] = user.id;
  }
  for (const referred of ["buyer", "seller"] as const)
    await t.db.insert(affiliates).values({
      userId: ids.referrer,
      email: `${referred}-${ids[referred]}@model.test`,
      level: 3,
      commissionRate: REFERRAL_RATE.toFixed(2),
      referralCode: `ref-${randomUUID()}`,
      referredUserId: ids[referred],
      isActive: true,
    });
  const listed = { marketplacePrice: centsToDecimal(SALE_PRICE), listedAt: new Date() };
  const saleDomain = await insertDomain(t.db, ids.seller, listed);
  const leaseDomain = await insertDomain(t.db, ids.seller, {
    ...listed,
    marketplacePrice: centsToDecimal(LEASE_PRICE),
  });
  // The seller's Financing for the lease listing, paid in the sandbox: test money credits nobody.
  const financing = await createOrder({
    db: t.db,
    userId: ids.seller,
    offerKey: "financing",
    offer: OFFERS.financing,
    input: { domainId: leaseDomain.id, terms: String(LEASE_MONTHS), setupFee: "299.99" },
  });
  await t.db.transaction((tx) =>
    fulfilOrder(
      tx,
      t.deps.mailer,
      {
        orderId: financing.orderId,
        provider: "sandbox",
        providerPaymentId: newId("sandbox"),
        amountPaid: "299.99",
      },
      t.deps.paid,
    ),
  );
  return {
    model: {
      orders: [],
      sales: [],
      plan: null,
      campaigns: new Map(),
      withdrawn: { referrer: 0, buyer: 0, seller: 0 },
      held: [],
      paidOut: [],
      listed: { sale: null, lease: null },
    },
    real: {
      users: ids,
      saleDomain: { id: saleDomain.id, name: saleDomain.name },
      leaseDomain: { id: leaseDomain.id, name: leaseDomain.name },
    },
  };
}

const role = fc.constantFrom<Role>(...ROLES);
const allCommands: fc.Arbitrary<Cmd>[] = [
  fc.tuple(fc.nat(5), fc.boolean()).map(([n, monthly]) => new BuyOffer(n, monthly)),
  fc.nat(5).map((n) => new PayAgain(n)),
  fc
    .tuple(fc.nat(5), fc.integer({ min: 1, max: 99 }), fc.boolean())
    .map(([n, p, c]) => new RefundPart(n, p, c)),
  fc.tuple(fc.nat(5), fc.boolean()).map(([n, c]) => new RefundWhole(n, c)),
  fc.nat(5).map((n) => new Chargeback(n)),
  fc.tuple(fc.nat(5), fc.boolean()).map(([n, won]) => new DecideChargeback(n, won)),
  fc.boolean().map((lease) => new OpenSale(lease)),
  // A sale takes several steps to reach its end: they are drawn twice as often.
  fc.integer({ min: 1, max: LEASE_MONTHS }).map((n) => new PaySale(n)),
  fc.integer({ min: 1, max: LEASE_MONTHS }).map((n) => new PaySale(n)),
  fc.boolean().map((accept) => new TransferAndAccept(accept)),
  fc.boolean().map((accept) => new TransferAndAccept(accept)),
  fc.constant(new Clock()),
  fc
    .tuple(role, fc.integer({ min: 1_000, max: 200_000 }), fc.boolean())
    .map(([r, c, refused]) => new Payout(r, c, refused)),
  fc
    .tuple(role, fc.integer({ min: 1, max: 100 }), fc.boolean())
    .map(([r, percent, refused]) => new Payout(r, percent, refused, true)),
  fc.tuple(fc.nat(5), fc.boolean()).map(([n, approve]) => new Review(n, approve)),
  fc.nat(5).map((n) => new PayoutAgain(n)),
];
/** `MODEL_STEPS` (step names, comma-separated: "BuyOffer,Clock,RefundWhole") keeps the sequences to those steps. */
const only = process.env.MODEL_STEPS?.split(",").map((name) => name.trim());
const commands = only
  ? allCommands.filter((arb) => only.includes(fc.sample(arb, 1)[0].constructor.name))
  : allCommands;

describe("the money model", () => {
  it(`after any sequence of payments, refunds, chargebacks, sales, timeouts and payouts, every account holds exactly what the platform received for it (${RUNS} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (cmds) => {
        const setup = await world();
        await fc.asyncModelRun(() => setup, cmds);
      }),
      { numRuns: RUNS },
    );
  });
});
