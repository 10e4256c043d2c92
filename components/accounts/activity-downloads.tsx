"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { STATEMENT_FORMATS, type TStatementFormat } from "@/lib/contract/ledger/schema";
import { getAccountStatementOperation } from "@/lib/contract/ledger/operations";
import { statementParams, STATEMENT_FORMAT_LABELS, type ActivityFilters } from "@/lib/portal/accounts/activity";
import { apiFile } from "@/lib/portal/shared/api-client";
import { saveBlob } from "@/lib/portal/shared/download";

/** CSV, MT940 and camt.053 of exactly what is filtered (the statements endpoint, same query as the table). */
export function ActivityDownloads({ accountNumber, filters }: { accountNumber: string; filters: ActivityFilters }) {
  const [busy, setBusy] = useState<TStatementFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ready = Boolean(filters.fromDate && filters.toDate);
  // A narrowed view keeps the account's balances: its entries no longer add up from opening to closing.
  const narrowed = Boolean(filters.type || filters.minAmount.trim() || filters.maxAmount.trim() || filters.text.trim());
  const download = async (format: TStatementFormat) => {
    setBusy(format);
    setError(null);
    try {
      // Any type: the `format` parameter picks the file's.
      const { blob, headers } = await apiFile(getAccountStatementOperation, "*/*", { params: statementParams(accountNumber, filters, format) });
      const name = /filename="([^"]+)"/.exec(headers.get("content-disposition") ?? "")?.[1] ?? `statement.${format}`;
      saveBlob(blob, name);
    } catch (e) {
      setError(e instanceof Error ? `The ${STATEMENT_FORMAT_LABELS[format]} download failed: ${e.message}` : "The download failed.");
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600 dark:text-slate-400">Download:</span>
      {STATEMENT_FORMATS.map((format) => (
        <Button
          key={format}
          onClick={() => void download(format)}
          disabled={!ready || busy !== null}
          title={ready ? undefined : "Choose a from and a to date first"}
        >
          {busy === format ? "Preparing…" : STATEMENT_FORMAT_LABELS[format]}
        </Button>
      ))}
      {narrowed ? (
        <p className="basis-full text-xs text-slate-600 sm:max-w-md dark:text-slate-400">
          With these filters, MT940 and camt.053 hold only the matching entries but keep the account&apos;s opening and closing balances, so the entries do not
          add up to the difference. For an import that checks this, download with dates only.
        </p>
      ) : null}
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </div>
  );
}
