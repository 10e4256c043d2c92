"use client";

import { useMemo, useState } from "react";
import { RunCurrencyTotals } from "@/components/payment-runs/run-totals";
import { Button } from "@/components/ui/button";
import { Cell, DataTable } from "@/components/ui/data-table";
import { DownloadIcon } from "@/components/ui/icons";
import { runItemsToCsv } from "@/lib/contract/payment-runs/csv-export";
import { itemDebit, totalsByCurrency, ZPaymentBatchRequest, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { saveBlob } from "@/lib/portal/shared/download";
import { formatMoney } from "@/lib/contract/money-format";

const PAGE = 50;

const creditorOf = (item: TPaymentRunItem) =>
  item.rail === "INTERNAL" ? item.request.creditorAccount.identification : (item.request.creditorAccount?.name ?? `Payee ${item.request.counterpartyId ?? ""}`);

/**
 * What an approver decides on when a draft is a payment run: how many
 * payments, the total per currency, every line (50 a page), and the lines as
 * a CSV in the template's columns. Nothing shows for a draft that is not a run.
 */
export function RunDraftLines({ draftId, request }: { draftId: string; request: unknown }) {
  const body = useMemo(() => {
    const parsed = ZPaymentBatchRequest.safeParse(request);
    return parsed.success ? parsed.data : null;
  }, [request]);
  const [page, setPage] = useState(0);
  if (!body) return null;
  const { items } = body;
  const pages = Math.ceil(items.length / PAGE);
  const download = () => saveBlob(new Blob(["\ufeff", runItemsToCsv(items)], { type: "text/csv;charset=utf-8" }), `harbour-payment-run-draft-${draftId}.csv`);
  return (
    <section aria-labelledby="run-draft-title" className="space-y-4 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="run-draft-title" className="text-sm font-semibold">
          {items.length.toLocaleString("en-US")} {items.length === 1 ? "payment" : "payments"}
          {body.reference ? ` · ${body.reference}` : ""}
          {body.pain001 && body.pain001.messageId !== body.reference ? ` · pain.001 ${body.pain001.messageId}` : ""}
        </h2>
        <Button onClick={download}>
          <DownloadIcon />
          Download the lines (CSV)
        </Button>
      </div>
      <RunCurrencyTotals totals={totalsByCurrency(items)} />
      <DataTable
        caption="Every payment of the run"
        scrollRegion="Payments of the run"
        columns={["Line", "Rail", "Debit account", { label: "Amount", align: "right" }, "To", "Instruction id"]}
      >
        {items.slice(page * PAGE, (page + 1) * PAGE).map((item, i) => {
          const debit = itemDebit(item);
          return (
            <tr key={page * PAGE + i}>
              <Cell mono className="text-xs">
                {page * PAGE + i + 1}
              </Cell>
              <Cell>{item.rail}</Cell>
              <Cell mono>{item.request.debtorAccount.identification}</Cell>
              <Cell numeric className="whitespace-nowrap">
                {formatMoney(debit.amount, debit.currency)}
              </Cell>
              <Cell>{creditorOf(item)}</Cell>
              <Cell mono className="text-xs">
                {item.request.instructionIdentification ?? "—"}
              </Cell>
            </tr>
          );
        })}
      </DataTable>
      {pages > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
            Previous lines
          </Button>
          <span className="tabular text-slate-600 dark:text-slate-400">
            {page + 1} / {pages}
          </span>
          <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages}>
            Next lines
          </Button>
        </div>
      ) : null}
    </section>
  );
}
