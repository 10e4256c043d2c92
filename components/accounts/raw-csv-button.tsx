"use client";

import { useState } from "react";
import { listAccountsOperation } from "@/lib/contract/accounts/operations";
import { apiFile } from "@/lib/portal/shared/api-client";
import { saveBlob } from "@/lib/portal/shared/download";

/**
 * For integrators, not for spreadsheets: the page on screen as the API answers
 * it in CSV (`Accept: text/csv`), one header row and one data row (spec §1),
 * exactly what an integration receives. It needs the bearer token, so it is
 * fetched and saved rather than linked.
 */
export function RawCsvButton({ pageStart, pageSize }: { pageStart: number; pageSize: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob } = await apiFile(listAccountsOperation, "text/csv", { params: { query: { pageStart, pageSize } } });
      saveBlob(blob, `accounts-api-page-${pageStart}.csv`);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The download failed.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={download}
        disabled={busy}
        title="One header row and one data row, as GET /v1/accounts answers with Accept: text/csv. For a spreadsheet, use the reconciliation CSV."
        className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline disabled:opacity-60 dark:text-brand-300"
      >
        {busy ? "Preparing…" : "This page in the API's CSV format (for integrators)"}
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
