"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ChangeAmount } from "@/components/standing-orders/change-amount";
import { NewStandingOrder } from "@/components/standing-orders/new-standing-order";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterSelect } from "@/components/ui/form";
import { ListFrame, ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/state-message";
import { RAILS, type TRail } from "@/lib/contract/payments/schema";
import { STANDING_ORDER_STATUSES, type TStandingOrder, type TStandingOrderStatus } from "@/lib/contract/standing-orders/schema";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { amountOf, beneficiaryOf } from "@/lib/portal/payment-templates/saved-payment";
import { RAIL_LABELS } from "@/lib/portal/payments/payment-search";
import { formatBankDate } from "@/lib/contract/time/date-format";
import { standingOrderKeys } from "@/lib/portal/shared/query-keys";
import { cancelStandingOrder, fetchStandingOrders, scheduleInWords } from "@/lib/portal/standing-orders/standing-orders-api";

const COLUMNS = 6;

const STATUS_TONES: Readonly<Record<TStandingOrderStatus, Tone>> = { Active: "green", Completed: "neutral", Cancelled: "amber" };

/** The next payment's day in words; an order that is not Active has none. */
function nextOf(o: TStandingOrder): string {
  if (o.nextExecutionDate) return formatBankDate(o.nextExecutionDate);
  return o.status === "Active" ? "After the last payment" : "None";
}

/** The organisation's standing orders: each one's schedule, its next payment's day, and a cancel for the Active ones. */
export function StandingOrdersView() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<"" | TStandingOrderStatus>("Active");
  const [rail, setRail] = useState<"" | TRail>("");
  const [pageStart, setPageStart] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [cancelling, setCancelling] = useState<TStandingOrder | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<TStandingOrder | null>(null);
  const search = { status: status || undefined, rail: rail || undefined, pageStart, pageSize };
  const orders = useQuery({
    queryKey: standingOrderKeys.search(search),
    queryFn: ({ signal }) => fetchStandingOrders(search, signal),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (o: TStandingOrder) => cancelStandingOrder(o.standingOrderId),
    onSuccess: async (o) => {
      setCancelling(null);
      setDone(`The standing order to ${beneficiaryOf(o)} is cancelled. Its payments already made are not affected.`);
      await queryClient.invalidateQueries({ queryKey: standingOrderKeys.all });
    },
  });
  const rows = orders.data?.data ?? [];
  const filtered = Boolean(search.status || search.rail);
  return (
    <div className="space-y-4">
      {done ? <Notice>{done}</Notice> : null}
      {creating ? (
        <NewStandingOrder onClose={() => setCreating(false)} />
      ) : (
        <Button variant="primary" onClick={() => (setDone(null), setChanging(null), setCreating(true))}>
          New standing order
        </Button>
      )}
      {changing ? <ChangeAmount key={changing.standingOrderId} order={changing} onDone={(note) => (setChanging(null), setDone(note))} /> : null}
      <ListFrame
        filters={
          <div className="grid gap-3 sm:grid-cols-2">
            <FilterSelect
              id="standing-order-status"
              label="Status"
              value={status}
              all="All statuses"
              options={[...STANDING_ORDER_STATUSES]}
              onChange={(v) => (setStatus(v as "" | TStandingOrderStatus), setPageStart(1))}
            />
            <FilterSelect
              id="standing-order-rail"
              label="Rail"
              value={rail}
              all="All rails"
              options={RAILS.map((r) => ({ value: r, label: RAIL_LABELS[r] }))}
              onChange={(v) => (setRail(v as "" | TRail), setPageStart(1))}
            />
          </div>
        }
        caption="Standing orders, newest first"
        // At phone width the schedule and the status step aside (the status filter says which orders are shown) and the
        // amount goes under the payee, so the Cancel button is on the screen without scrolling sideways.
        minWidth="sm:min-w-[52rem]"
        head={<ListHead columns={["Pays", wideOnly("Schedule"), wideOnly("Amount"), "Next payment", wideOnly("Status"), { label: "Actions", srOnly: true }]} />}
        query={orders}
        body={{
          columns: COLUMNS,
          skeleton: (
            <tr>
              <td colSpan={COLUMNS} className="px-4 py-3">
                <Skeleton className="h-4 w-48" />
              </td>
            </tr>
          ),
          errorTitle: "Standing orders could not be loaded",
          empty: (
            <EmptyState title={filtered ? "No standing order matches" : "No standing orders yet"}>
              {filtered
                ? "Try another status or rail."
                : "A standing order pays the same payment every week or month: make one with New standing order, or from your integration with POST /v1/standing-orders."}
            </EmptyState>
          ),
          rows: rows.map((o) => (
            <tr key={o.standingOrderId} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-4 py-3 text-left text-sm font-medium">
                <span className="block">{beneficiaryOf(o)}</span>
                <span className="block font-mono text-xs font-normal">
                  {RAIL_LABELS[o.rail]} from {o.request.debtorAccount.identification}
                </span>
                <span className="tabular block font-normal sm:hidden">{amountOf(o)}</span>
              </th>
              <td className={`px-4 py-3 text-sm ${WIDE_ONLY}`}>
                <span className="block">{scheduleInWords(o)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {o.occurrencesMade} {o.occurrencesMade === 1 ? "payment" : "payments"} so far
                </span>
                {o.lastFailure ? (
                  <span className="block text-xs text-red-700 dark:text-red-300">
                    The payment of {formatBankDate(o.lastFailure.occurrenceDate)} was not made: {o.lastFailure.message}
                  </span>
                ) : null}
              </td>
              <td className={`tabular px-4 py-3 text-sm ${WIDE_ONLY}`}>{amountOf(o)}</td>
              <td className="px-4 py-3 text-sm">{nextOf(o)}</td>
              <td className={`px-4 py-3 text-sm ${WIDE_ONLY}`}>
                <Badge tone={STATUS_TONES[o.status]}>{o.status}</Badge>
              </td>
              <td className="px-4 py-3 text-right text-sm whitespace-nowrap">
                {o.status === "Active" ? (
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    <Button onClick={() => (setDone(null), setCreating(false), setChanging(o))} aria-label={`Change the standing order to ${beneficiaryOf(o)}`}>
                      Change
                    </Button>
                    <Button onClick={() => (cancel.reset(), setDone(null), setCancelling(o))} aria-label={`Cancel the standing order to ${beneficiaryOf(o)}`}>
                      Cancel
                    </Button>
                  </div>
                ) : null}
              </td>
            </tr>
          )),
        }}
        pager={{
          page: pageStart,
          size: pageSize,
          total: orders.data?.meta.pagination.total_size ?? null,
          noun: "standing orders",
          onPage: setPageStart,
          sizes: PAGE_SIZES,
          onSize: (s) => (setPageSize(s), setPageStart(1)),
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? `Cancel the standing order to ${beneficiaryOf(cancelling)}?` : ""}
        confirmLabel="Cancel standing order"
        busyLabel="Cancelling…"
        busy={cancel.isPending}
        destructive
        error={cancel.isError ? (cancel.error instanceof Error ? cancel.error.message : "The standing order was not cancelled.") : null}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => setCancelling(null)}
      >
        <p>
          No further payment is made
          {cancelling?.nextExecutionDate ? `, the one due on ${formatBankDate(cancelling.nextExecutionDate)} included` : ""}. Payments already made stay as they
          are.
        </p>
      </ConfirmDialog>
    </div>
  );
}
