// The back office's addresses (profile admin, under /customer/backoffice/). Its menu
// (components/backoffice) links every section, and sections link each other (a user's audit trail, an
// advance's customer), so the addresses live here rather than in the features that own the pages.
export const BACKOFFICE_PATH = '/customer/backoffice/';
export const USERS_PAGE = `${BACKOFFICE_PATH}users/`;
export const KYC_PAGE = `${BACKOFFICE_PATH}kyc-reviews/`;
export const AUDIT_PAGE = `${BACKOFFICE_PATH}audit-log/`;
export const NOTIFICATIONS_PAGE = `${BACKOFFICE_PATH}notifications/`;
export const MESSAGES_PAGE = `${BACKOFFICE_PATH}messages/`;
export const STATEMENTS_PAGE = `${BACKOFFICE_PATH}statements/`;
export const ORDERS_PAGE = `${BACKOFFICE_PATH}orders/`;
export const TRANSFERS_PAGE = `${BACKOFFICE_PATH}transfers/`;
export const WITHDRAWALS_PAGE = `${BACKOFFICE_PATH}withdrawals/`;
export const LEDGER_PAGE = `${BACKOFFICE_PATH}ledger/`;
export const ADVANCES_PAGE = `${BACKOFFICE_PATH}advances/`;
export const STOCK_PLANS_PAGE = `${BACKOFFICE_PATH}stock-plans/`;
export const ADVANCE_WATCH_PAGE = `${BACKOFFICE_PATH}advance-watch/`;
export const PRODUCTS_PAGE = `${BACKOFFICE_PATH}products/`;
export const CLOSURES_PAGE = `${BACKOFFICE_PATH}closures/`;
export const SETTINGS_PAGE = `${BACKOFFICE_PATH}settings/`;

/**
 * The back-office resources read by more than their own section: the users (a message's recipient is
 * picked among them) and the notifications (an operator's message is one).
 */
export const USERS_API = '/api/v1/backoffice/users/';
export const NOTIFICATIONS_API = '/api/v1/backoffice/notifications/';
