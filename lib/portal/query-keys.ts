/** Query key factories, one per domain: no component writes a key by hand. */

export type AccountPageParams = { pageStart: number; pageSize: number };

export const accountKeys = {
  all: ["accounts"] as const,
  pages: () => [...accountKeys.all, "page"] as const,
  page: (params: AccountPageParams) => [...accountKeys.pages(), params] as const,
  /** Every account of the client, all pages fetched (dashboard totals). */
  complete: () => [...accountKeys.all, "complete"] as const,
  detail: (accountNumber: string) => [...accountKeys.all, "detail", accountNumber] as const,
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
