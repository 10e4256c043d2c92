"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type ChangeEvent } from "react";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { draftIfRequired } from "@/lib/portal/approvals/approvals-api";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { approvalKeys } from "@/lib/portal/shared/query-keys";
import { apiFieldIssues } from "@/lib/portal/shared/field-errors";
import { createVirtualAccounts, newIdempotencyKey } from "@/lib/portal/virtual-accounts/va-api";
import { batchIssuesByRow, checkRow, countRowsWithErrors, parseAndValidate, type CheckedUpload } from "@/lib/portal/virtual-accounts/va-upload";
import { COLUMN_LABELS, type CellKey, type RowErrors, type UploadColumn } from "@/lib/portal/virtual-accounts/va-upload-columns";

const PREVIEW_PAGE = 50;
export const cellId = (index: number, column: CellKey) => `${index}:${column}`;

export type Loaded = CheckedUpload & { fileName: string; ms: number };

/**
 * The upload's state: the file checked row by row, cells edited in place and
 * checked again, the bank's own refusals put on their cells, the rows under
 * review, and one POST with the Idempotency-Key made when the dialog opened
 * (a double click or a retry after a network error starts one job). When the
 * organisation's policy holds the batch back it becomes a draft under that
 * key instead (docs/approvals.md); the approval that completes it starts the job.
 */
export function useBatchUpload() {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** Cells that have had an error: they stay inputs while being fixed, so focus never jumps. */
  const [editable, setEditable] = useState<Set<string>>(new Set());
  const [apiErrors, setApiErrors] = useState<Map<number, RowErrors>>(new Map());
  const [showAll, setShowAll] = useState(false);
  const [previewPage, setPreviewPage] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [drafted, setDrafted] = useState<TDraft | null>(null);
  const queryClient = useQueryClient();
  const [readError, setReadError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReadError(null);
    setSubmitError(null);
    setApiErrors(new Map());
    try {
      const text = await file.text();
      const start = performance.now();
      const upload = parseAndValidate(text);
      const ms = performance.now() - start;
      performance.measure?.("va-upload-validate", { start, end: start + ms, detail: { rows: upload.rows.length } });
      const cells = new Set<string>();
      upload.checks.forEach((c, i) => Object.keys(c.errors).forEach((k) => cells.add(cellId(i, k as CellKey))));
      setEditable(cells);
      setShowAll(cells.size === 0);
      setPreviewPage(0);
      setLoaded({ ...upload, fileName: file.name, ms });
    } catch {
      setReadError("The file could not be read. Choose a CSV file saved as UTF-8.");
    }
  };

  const editCell = (index: number, column: UploadColumn, value: string) => {
    if (!loaded) return;
    const rows = loaded.rows.slice();
    const row = { ...rows[index]!, cells: { ...rows[index]!.cells, [column]: value } };
    rows[index] = row;
    const checks = loaded.checks.slice();
    checks[index] = checkRow(row);
    setLoaded({ ...loaded, rows, checks });
    const added = Object.keys(checks[index]!.errors).map((k) => cellId(index, k as CellKey));
    if (added.some((k) => !editable.has(k))) setEditable(new Set([...editable, ...added]));
    if (apiErrors.has(index)) {
      const next = new Map(apiErrors);
      next.delete(index);
      setApiErrors(next);
    }
  };

  const errorsOf = (index: number): RowErrors => {
    const own = loaded?.checks[index]?.errors ?? {};
    const fromApi = apiErrors.get(index);
    if (!fromApi) return own;
    const merged: RowErrors = { ...own };
    for (const [k, v] of Object.entries(fromApi) as Array<[CellKey, string[]]>) merged[k] = [...(merged[k] ?? []), ...v];
    return merged;
  };

  const badRows = loaded ? countRowsWithErrors(loaded.checks) + [...apiErrors.keys()].filter((i) => loaded.checks[i]?.item !== null).length : 0;
  const ready = loaded !== null && loaded.fileErrors.length === 0 && badRows === 0 && loaded.rows.length > 0;

  const submit = async () => {
    if (!loaded || !ready) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const body = { items: loaded.checks.map((c) => c.item!) };
      const held = await draftIfRequired("VIRTUAL_ACCOUNT_BATCH", body, idempotencyKey);
      if (held.draft) {
        setDrafted(held.draft);
        void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
        return;
      }
      const accepted = await createVirtualAccounts(body, idempotencyKey);
      setJobId(accepted.jobId);
    } catch (error) {
      const { placed, unplaced } = batchIssuesByRow(apiFieldIssues(error), loaded.rows);
      const refused = [...placed].flatMap(([index, errors]) => Object.keys(errors).map((column) => cellId(index, column as CellKey)));
      setEditable((e) => new Set([...e, ...refused]));
      setApiErrors(placed);
      if (placed.size > 0) setShowAll(false);
      const message = error instanceof Error ? error.message : "The batch could not be sent.";
      const reference = error instanceof ApiRequestError && error.body.correlationId ? ` (reference ${error.body.correlationId})` : "";
      setSubmitError(
        placed.size > 0 && unplaced === 0
          ? `The bank refused ${placed.size === 1 ? "1 row" : `${placed.size} rows`}: see the marked cells.${reference}`
          : `${message}${reference}`,
      );
    } finally {
      setSubmitting(false);
    }
  };

  // Rows under review: every row that has had an error (so a fixed row stays in view), or all rows.
  const reviewIndexes = useMemo(() => {
    if (!loaded) return [];
    const rowsWithEdits = new Set([...editable].map((k) => Number(k.split(":")[0])));
    return loaded.rows.map((_, i) => i).filter((i) => showAll || rowsWithEdits.has(i));
  }, [loaded, editable, showAll]);
  const pageCount = Math.max(1, Math.ceil(reviewIndexes.length / PREVIEW_PAGE));
  const visible = reviewIndexes.slice(previewPage * PREVIEW_PAGE, (previewPage + 1) * PREVIEW_PAGE);
  const shownColumns = useMemo(() => {
    if (!loaded) return [];
    const withErrors = new Set([...editable].map((k) => k.split(":")[1] as CellKey));
    return (Object.keys(COLUMN_LABELS) as UploadColumn[]).filter((c) => c !== "accountHolderType" && (loaded.columns.includes(c) || withErrors.has(c)));
  }, [loaded, editable]);

  return {
    loaded,
    readError,
    badRows,
    ready,
    submitting,
    submitError,
    jobId,
    drafted,
    onFile,
    submit,
    review: {
      editable,
      errorsOf,
      editCell,
      showAll,
      setShowAll,
      previewPage,
      setPreviewPage,
      pageCount,
      visible,
      shownColumns,
    },
  };
}

export type UploadReview = ReturnType<typeof useBatchUpload>["review"];
