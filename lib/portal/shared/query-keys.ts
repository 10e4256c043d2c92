/** Query key factories, one per domain: no component writes a key by hand. */

export type AccountPageParams = { pageStart: number; pageSize: number };

export const accountKeys = {
  all: ["accounts"] as const,
  pages: () => [...accountKeys.all, "page"] as const,
  page: (params: AccountPageParams) => [...accountKeys.pages(), params] as const,
  /** Every account of the client, all pages fetched (dashboard totals). */
  complete: () => [...accountKeys.all, "complete"] as const,
  detail: (accountNumber: string) => [...accountKeys.all, "detail", accountNumber] as const,
  /** An account's available and booked balances (the account page). */
  balances: (accountNumber: string) => [...accountKeys.all, "balances", accountNumber] as const,
  /** An account's transactions under filters (the activity view). */
  activity: (accountNumber: string, params: object) => [...accountKeys.all, "activity", accountNumber, params] as const,
  /** An account's balance at the end of a bank day (the activity view's opening and closing). */
  balanceAt: (accountNumber: string, day: string) => [...accountKeys.all, "balance-at", accountNumber, day] as const,
  /** The newest transactions across these accounts (the dashboard). */
  recentActivity: (accountNumbers: readonly string[]) => [...accountKeys.all, "recent-activity", accountNumbers] as const,
};

export const systemKeys = {
  all: ["system"] as const,
  time: () => [...systemKeys.all, "time"] as const,
  status: () => [...systemKeys.all, "status"] as const,
};

export const referenceKeys = {
  all: ["reference"] as const,
  openApi: () => [...referenceKeys.all, "openapi"] as const,
};

export type PageParams = { pageStart: number; pageSize: number };

export const webhookKeys = {
  all: ["webhooks"] as const,
  subscriptions: () => [...webhookKeys.all, "subscriptions"] as const,
  subscriptionPage: (params: PageParams) => [...webhookKeys.subscriptions(), "page", params] as const,
  subscription: (subscriptionId: string) => [...webhookKeys.subscriptions(), "detail", subscriptionId] as const,
  attempts: (subscriptionId: string, params: PageParams) => [...webhookKeys.all, "attempts", subscriptionId, params] as const,
  signingSecret: () => [...webhookKeys.all, "signing-secret"] as const,
  sandboxTargets: () => [...webhookKeys.all, "sandbox-targets"] as const,
};

export const paymentRunKeys = {
  all: ["payment-runs"] as const,
  page: (params: PageParams) => [...paymentRunKeys.all, "page", params] as const,
  detail: (batchId: string) => [...paymentRunKeys.all, "detail", batchId] as const,
  job: (jobId: string) => [...paymentRunKeys.all, "job", jobId] as const,
  results: (jobId: string) => [...paymentRunKeys.job(jobId), "results"] as const,
};

export type VirtualAccountPageParams = { pageStart: number; pageSize: number; currency: string };

export const virtualAccountKeys = {
  all: ["virtual-accounts"] as const,
  pages: () => [...virtualAccountKeys.all, "page"] as const,
  page: (params: VirtualAccountPageParams) => [...virtualAccountKeys.pages(), params] as const,
  detail: (number: string) => [...virtualAccountKeys.all, "detail", number] as const,
  balances: (numbers: readonly string[]) => [...virtualAccountKeys.all, "balances", numbers] as const,
  totals: () => [...virtualAccountKeys.all, "total"] as const,
  total: (currency: string) => [...virtualAccountKeys.totals(), currency] as const,
  job: (jobId: string) => [...virtualAccountKeys.all, "job", jobId] as const,
  jobResults: (jobId: string) => [...virtualAccountKeys.job(jobId), "results"] as const,
};

export const paymentKeys = {
  all: ["payments"] as const,
  account: (accountNumber: string) => [...paymentKeys.all, "account", accountNumber] as const,
  accountPage: (accountNumber: string, params: PageParams) => [...paymentKeys.account(accountNumber), params] as const,
  /** Every account's payments matching a search (GET /v1/payments). */
  search: (params: object) => [...paymentKeys.all, "search", params] as const,
  summary: (paymentId: string) => [...paymentKeys.all, "summary", paymentId] as const,
};

export const approvalKeys = {
  all: ["approvals"] as const,
  drafts: () => [...approvalKeys.all, "drafts"] as const,
  /**
   * The navigation badge's count. Not `drafts()`: the badge hydrates before the page's Suspense boundary, and a
   * shared entry its fetch filled would give the queue data on its first client render that the server's HTML
   * did not have (React #418, issue 24). Both sit under `all`, so a decision refreshes both.
   */
  awaitingYou: () => [...approvalKeys.all, "awaiting-you"] as const,
  policies: () => [...approvalKeys.all, "policies"] as const,
  draft: (draftId: string) => [...approvalKeys.all, "draft", draftId] as const,
};

export const auditKeys = {
  all: ["audit-log"] as const,
  /** The organisation's audit log under a search (GET /v1/audit-log). */
  search: (params: object) => [...auditKeys.all, "search", params] as const,
};

export const userKeys = {
  all: ["users"] as const,
  page: (params: PageParams) => [...userKeys.all, "page", params] as const,
};

export const templateKeys = {
  all: ["payment-templates"] as const,
  /** Templates under a search (GET /v1/payment-templates). */
  search: (params: object) => [...templateKeys.all, "search", params] as const,
};

export const standingOrderKeys = {
  all: ["standing-orders"] as const,
  /** Standing orders under a search (GET /v1/standing-orders). */
  search: (params: object) => [...standingOrderKeys.all, "search", params] as const,
};

export const payeeKeys = {
  all: ["payees"] as const,
  /** The payee book under a search (GET /v1/counterparties). */
  search: (params: object) => [...payeeKeys.all, "search", params] as const,
};

export const notificationKeys = {
  all: ["notifications"] as const,
  /** The header bell's unread count. Its own entry, as the approvals badge's (React #418): the page's refresh both. */
  unread: () => [...notificationKeys.all, "unread"] as const,
  page: (params: object) => [...notificationKeys.all, "page", params] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
};
