import { cancelStandingOrderOperation, listStandingOrdersOperation } from "@/lib/contract/standing-orders/operations";
import type { TRail } from "@/lib/contract/payments/schema";
import type { TStandingOrder, TStandingOrderList, TStandingOrderStatus } from "@/lib/contract/standing-orders/schema";
import { apiJson } from "@/lib/portal/shared/api-client";
import { listPageQuery } from "@/lib/portal/shared/filtered-list";
import { formatBankDate } from "@/lib/contract/time/date-format";

/** Standing orders as the portal calls them (/v1/standing-orders, docs/scheduling.md "Standing orders"). */

export type StandingOrderSearch = { status?: TStandingOrderStatus; rail?: TRail; pageStart: number; pageSize: number };

export function fetchStandingOrders(search: StandingOrderSearch, signal?: AbortSignal): Promise<TStandingOrderList> {
  return apiJson(listStandingOrdersOperation, { params: { query: listPageQuery({ status: search.status, rail: search.rail }, search) }, signal });
}

export function cancelStandingOrder(standingOrderId: string): Promise<TStandingOrder> {
  return apiJson(cancelStandingOrderOperation, { params: { path: { standingOrderId } } });
}

/** The schedule in words: "Monthly from 31 Jan 2027, 12 times" or "Weekly from …, until …". */
export function scheduleInWords(order: Pick<TStandingOrder, "schedule">): string {
  const { frequency, startDate, endDate, count } = order.schedule;
  const bounds = [count ? `${count} ${count === 1 ? "time" : "times"}` : null, endDate ? `until ${formatBankDate(endDate)}` : null].filter(Boolean);
  return `${frequency} from ${formatBankDate(startDate)}${bounds.length ? `, ${bounds.join(", ")}` : ", until cancelled"}`;
}
