/**
 * The client's page paths that the server also names (in emails and answers). Kept apart from
 * the schemas so that the client's route table loads no schema library with the landing page.
 */

/** The client route where the buyer pays one service order. */
export const CHECKOUT_PAGE_ROUTE = "/checkout/service/:id";

/** The pages the mailed links of an email change open. */
export const CONFIRM_EMAIL_PATH = "/confirm-email";
export const CANCEL_EMAIL_CHANGE_PATH = "/cancel-email-change";

/** The page where a lead buyer pays a monthly invoice, opened from its emailed link. */
export const LEAD_INVOICE_PAGE_ROUTE = "/pay/invoice/:token";

/** The page a team invitation's emailed link opens (with `?token=`). */
export const ACCEPT_INVITATION_PATH = "/team/accept";
