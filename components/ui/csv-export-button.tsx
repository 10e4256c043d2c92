"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { saveBlob } from "@/lib/portal/shared/download";

export type ExportProgress = { loaded: number; total: number };
export type ExportResult = { csv: string; fileName: string; count: number };

type State = { kind: "idle" } | { kind: "running"; progress: ExportProgress | null } | { kind: "done"; count: number } | { kind: "error"; message: string };

/**
 * A spreadsheet export built in the browser from every page of a list:
 * progress, cancel, and the outcome in a line of reserved height. `produce`
 * fetches fresh (never from cache: an export must reflect the bank now).
 */
export function CsvExportButton({
  label,
  noun,
  produce,
}: {
  label: string;
  /** Plural, for the progress line: "accounts". */
  noun: string;
  produce: (onProgress: (progress: ExportProgress) => void, signal: AbortSignal) => Promise<ExportResult>;
}) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "running", progress: null });
    try {
      const { csv, fileName, count } = await produce((progress) => setState({ kind: "running", progress }), controller.signal);
      // The BOM makes Excel read the file as UTF-8 (names are not all ASCII).
      saveBlob(new Blob(["\ufeff", csv], { type: "text/csv;charset=utf-8" }), fileName);
      setState({ kind: "done", count });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: "idle" });
      else setState({ kind: "error", message: error instanceof Error ? error.message : "The export failed." });
    } finally {
      abort.current = null;
    }
  };

  const progress = state.kind === "running" ? state.progress : null;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const count = (n: number) => n.toLocaleString("en-US");

  return (
    <div className="flex flex-col items-end gap-1.5">
      {state.kind === "running" ? (
        <Button onClick={() => abort.current?.abort()}>Cancel export</Button>
      ) : (
        <Button variant="primary" onClick={run}>
          <DownloadIcon />
          {label}
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
            <span className="tabular">{progress ? `${count(progress.loaded)} of ${count(progress.total)} ${noun}` : "Starting…"}</span>
          </>
        ) : state.kind === "done" ? (
          <span>
            Exported {count(state.count)} {noun}.
          </span>
        ) : state.kind === "error" ? (
          <span role="alert" className="text-red-700 dark:text-red-400">
            {state.message}
          </span>
        ) : null}
      </div>
    </div>
  );
}
