import type { TTransactionStatus } from "../../../shared/api/marketplace/deals";

/**
 * What moves an escrow sale or a lease (docs/marketplace.md#the-two-state-machines): the buyer's
 * money (paid, an instalment, refunded in whole or part, charged back, a chargeback won), a side
 * (the transfer proven, accepted, disputed, cancelled), staff (released) or the clock (payment,
 * inspection and instalments timing out, a paid-off lease's late transfer).
 */
export type TSaleEvent =
  | "paid"
  | "instalment_paid"
  | "last_instalment_paid"
  | "payment_timed_out"
  | "cancelled"
  | "transfer_proven"
  | "transfer_late"
  | "accepted"
  | "inspection_ended"
  | "disputed"
  | "released"
  | "refunded"
  | "partly_refunded"
  | "charged_back"
  | "chargeback_won"
  | "lease_defaulted";

type Table = Record<TTransactionStatus, Partial<Record<TSaleEvent, TTransactionStatus>>>;

/**
 * An escrow sale: paid at once into escrow, the name moved and proven by the buyer, inspected,
 * then the seller is paid. Money taken back before completion refunds the sale; after it, the name
 * goes back to the seller. A chargeback decided for us goes to staff, who release or refund.
 */
export const SALE_MACHINE: Table = {
  awaiting_payment: { paid: "awaiting_transfer", payment_timed_out: "cancelled", cancelled: "cancelled" },
  leasing: {},
  awaiting_transfer: {
    transfer_proven: "inspection",
    disputed: "disputed",
    refunded: "refunded",
    partly_refunded: "awaiting_transfer",
    charged_back: "charged_back",
  },
  inspection: {
    accepted: "completed",
    inspection_ended: "completed",
    disputed: "disputed",
    refunded: "refunded",
    partly_refunded: "inspection",
    charged_back: "charged_back",
  },
  disputed: {
    released: "completed",
    refunded: "refunded",
    partly_refunded: "disputed",
    charged_back: "charged_back",
  },
  completed: { refunded: "refunded", partly_refunded: "completed", charged_back: "charged_back" },
  charged_back: { chargeback_won: "disputed" },
  cancelled: {},
  refunded: {},
  lease_ended: {},
};

/**
 * A lease-to-own: monthly instalments while the lessee controls what the name serves, then the
 * transfer as a sale's. An instalment unpaid past its grace, refunded or charged back while the
 * lease runs ends it (the seller keeps the name and what was paid); after the transfer, money
 * taken back returns the name to the seller unless the lease is settled (its last hold ended).
 */
export const LEASE_MACHINE: Table = {
  awaiting_payment: {
    instalment_paid: "leasing",
    last_instalment_paid: "awaiting_transfer",
    payment_timed_out: "cancelled",
    cancelled: "cancelled",
  },
  leasing: {
    instalment_paid: "leasing",
    last_instalment_paid: "awaiting_transfer",
    lease_defaulted: "lease_ended",
    refunded: "lease_ended",
    charged_back: "lease_ended",
    partly_refunded: "leasing",
  },
  awaiting_transfer: {
    transfer_proven: "inspection",
    transfer_late: "disputed",
    disputed: "disputed",
    refunded: "refunded",
    partly_refunded: "awaiting_transfer",
    charged_back: "charged_back",
  },
  inspection: {
    accepted: "completed",
    inspection_ended: "completed",
    disputed: "disputed",
    refunded: "refunded",
    partly_refunded: "inspection",
    charged_back: "charged_back",
  },
  disputed: {
    released: "completed",
    refunded: "refunded",
    partly_refunded: "disputed",
    charged_back: "charged_back",
  },
  completed: { refunded: "refunded", partly_refunded: "completed", charged_back: "charged_back" },
  charged_back: { chargeback_won: "disputed" },
  cancelled: {},
  refunded: {},
  lease_ended: {},
};

/** The machine of a sale's kind. */
export const machineOf = (kind: string): Table => (kind === "lease" ? LEASE_MACHINE : SALE_MACHINE);

/** Where `event` takes a sale or lease in `state`, or null when the event means nothing there. */
export function transition(kind: string, state: string, event: TSaleEvent): TTransactionStatus | null {
  return machineOf(kind)[state as TTransactionStatus]?.[event] ?? null;
}

/** The events a sale or lease in `state` can take: what each state allows, at a glance. */
export const allowedEvents = (kind: string, state: string): TSaleEvent[] =>
  Object.keys(machineOf(kind)[state as TTransactionStatus] ?? {}) as TSaleEvent[];
