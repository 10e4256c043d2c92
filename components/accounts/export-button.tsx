"use client";

import { useRef, useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { fetchAllAccounts, type ExportProgress } from "@/lib/portal/accounts/accounts-api";
import { saveBlob } from "@/lib/portal/shared/download";

type State = { kind: "idle" } | { kind: "running"; progress: ExportProgress | null } | { kind: "done"; count: number } | { kind: "error"; message: string };

/**
 * The reconciliation export: every page of the account list, fetched fresh
 * (never from cache: a reconciliation must reflect the bank now), turned into
 * one CSV in the browser.
 */
export function ExportButton() {
  const { clientId } = usePortalUser();
  const [state, setState] = useState<State>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "running", progress: null });
    try {
      // papaparse loads with the first export, not with the page: most visits never export.
      const [accounts, { accountsToCsv, exportFileName }] = await Promise.all([
        fetchAllAccounts((progress) => setState({ kind: "running", progress }), controller.signal),
        import("@/lib/portal/accounts/accounts-export"),
      ]);
      // The BOM makes Excel read the file as UTF-8 (owner names are not all ASCII).
      saveBlob(new Blob(["\ufeff", accountsToCsv(accounts)], { type: "text/csv;charset=utf-8" }), exportFileName(clientId));
      setState({ kind: "done", count: accounts.length });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: "idle" });
      else setState({ kind: "error", message: error instanceof Error ? error.message : "The export failed." });
    } finally {
      abort.current = null;
    }
  };

  const progress = state.kind === "running" ? state.progress : null;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <div className="flex flex-col items-end gap-1.5">
      {state.kind === "running" ? (
        <div className="flex items-center gap-2">
          <Button onClick={() => abort.current?.abort()}>Cancel export</Button>
        </div>
      ) : (
        <Button variant="primary" onClick={run}>
          <DownloadIcon />
          Download reconciliation CSV
        </Button>
      )}
      {/* Reserved height: the status line appearing must not push the page down. */}
      <div className="flex h-5 items-center gap-2 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {state.kind === "running" ? (
          <>
            <span
              role="progressbar"
              aria-label="Export progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 w-28 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <span className="block h-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
            </span>
            <span className="tabular">{progress ? `${progress.loaded.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} accounts` : "Starting…"}</span>
          </>
        ) : state.kind === "done" ? (
          <span>Exported {state.count.toLocaleString("en-US")} accounts.</span>
        ) : state.kind === "error" ? (
          <span role="alert" className="text-red-700 dark:text-red-400">{state.message}</span>
        ) : null}
      </div>
    </div>
  );
}
