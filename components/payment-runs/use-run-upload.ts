"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type ChangeEvent } from "react";
import type { TRunCsvColumn } from "@/lib/contract/payment-runs/csv-columns";
import {
  editRunCell,
  loadRunCsv,
  loadRunPain001,
  looksLikeXml,
  reviewState,
  runIssuesByRow,
  toggleDropped,
  type RunRowErrors,
  type RunUpload,
} from "@/lib/portal/payment-runs/run-upload";
import { createPaymentRun, createPaymentRunFromPain001 } from "@/lib/portal/payment-runs/runs-api";
import { draftIfRequired } from "@/lib/portal/approvals/approvals-api";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { apiFieldIssues } from "@/lib/portal/shared/field-errors";
import { accountKeys, approvalKeys, paymentRunKeys } from "@/lib/portal/shared/query-keys";
import { newIdempotencyKey } from "@/lib/portal/virtual-accounts/va-api";

const PREVIEW_PAGE = 50;

/**
 * The new run's state: the file checked row by row, rows fixed in place or
 * dropped and checked again, the bank's refusals put on their rows, and one
 * POST under an Idempotency-Key made when the file was loaded (a double click
 * or a retry after a network error starts one run; a new file, a new key).
 */
export function useRunUpload() {
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<RunUpload | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  /** Rows that have needed attention: they stay in view, as inputs, while being fixed. */
  const [attention, setAttention] = useState<Set<number>>(new Set());
  const [apiErrors, setApiErrors] = useState<Map<number, RunRowErrors>>(new Map());
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(0);
  const [reference, setReference] = useState("");
  const [readError, setReadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const [draft, setDraft] = useState<TDraft | null>(null);

  /** A pain.001 transaction to one of the organisation's own accounts is a transfer (INTERNAL), as the bank maps it. */
  const ownAccounts = async () => {
    const accounts = await queryClient.fetchQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
    return new Set(accounts.map((a) => a.accountNumber));
  };

  const state = useMemo(() => (upload ? reviewState(upload, apiErrors) : null), [upload, apiErrors]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReadError(null);
    setSubmitError(null);
    setApiErrors(new Map());
    try {
      const text = await file.text();
      const loaded = looksLikeXml(text) ? loadRunPain001(file.name, text, await ownAccounts()) : loadRunCsv(file.name, text);
      const bad = reviewState(loaded).errors;
      setAttention(new Set(bad.keys()));
      setShowAll(bad.size === 0);
      setPage(0);
      setUpload(loaded);
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setReadError("The file could not be read. Choose a CSV file saved as UTF-8, or a pain.001.001.09 XML file.");
    }
  };

  const clearApiErrors = (index: number) => {
    if (!apiErrors.has(index)) return;
    const next = new Map(apiErrors);
    next.delete(index);
    setApiErrors(next);
  };

  const editCell = (index: number, column: TRunCsvColumn, value: string) => {
    if (!upload) return;
    setUpload(editRunCell(upload, index, column, value));
    clearApiErrors(index);
  };

  const toggleDrop = (index: number) => {
    if (!upload) return;
    setUpload(toggleDropped(upload, index));
    clearApiErrors(index);
  };

  const submit = async () => {
    if (!upload || !state?.ready) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      // A pain.001 sent as rows (fixed, or held for approval) keeps the file's MsgId and each kept row's PmtInfId, so the
      // run's pain.002 answers the file; the MsgId is its reference unless one is typed.
      const body = {
        items: state.items,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(upload.pain001?.messageId
          ? { pain001: { messageId: upload.pain001.messageId, paymentInfoIds: state.itemRows.map((row) => upload.pain001!.paymentInfoIds[row]!) } }
          : {}),
      };
      // Judged as a whole first (rail BATCH): a run the organisation's policies hold back becomes one draft, with this key.
      const held = await draftIfRequired("BATCH", body, idempotencyKey);
      if (held.needsApproval && held.draft) {
        setDraft(held.draft);
        void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
        return;
      }
      const pristine = upload.pain001 && !upload.pain001.changed && !reference.trim();
      const accepted = pristine ? await createPaymentRunFromPain001(upload.pain001!.xml, idempotencyKey) : await createPaymentRun(body, idempotencyKey);
      setJobId(accepted.jobId);
      void queryClient.invalidateQueries({ queryKey: paymentRunKeys.all });
    } catch (error) {
      const { placed, unplaced } = runIssuesByRow(apiFieldIssues(error), state.itemRows);
      setApiErrors(placed);
      if (placed.size > 0) {
        setAttention((a) => new Set([...a, ...placed.keys()]));
        setShowAll(false);
        setPage(0);
      }
      const reference = error instanceof ApiRequestError && error.body.correlationId ? ` (reference ${error.body.correlationId})` : "";
      const message =
        error instanceof ApiRequestError && error.status === 404
          ? "Payment runs are not available on this server yet."
          : error instanceof Error
            ? error.message
            : "The run could not be sent.";
      setSubmitError(
        placed.size > 0 && unplaced === 0
          ? `The bank refused ${placed.size === 1 ? "1 row" : `${placed.size} rows`}: see the marked rows.${reference}`
          : `${message}${reference}`,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const reviewIndexes = useMemo(() => (upload ? upload.rows.map((_, i) => i).filter((i) => showAll || attention.has(i)) : []), [upload, attention, showAll]);
  const pageCount = Math.max(1, Math.ceil(reviewIndexes.length / PREVIEW_PAGE));
  const visible = reviewIndexes.slice(page * PREVIEW_PAGE, (page + 1) * PREVIEW_PAGE);

  return {
    upload,
    state,
    readError,
    reference,
    setReference,
    submitting,
    submitError,
    jobId,
    draft,
    onFile,
    submit,
    review: { attention, editCell, toggleDrop, showAll, setShowAll, page, setPage, pageCount, visible },
  };
}

export type RunReview = ReturnType<typeof useRunUpload>["review"];
