"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { TPaymentResponse, TPaymentStatusRecord, TRail } from "@/lib/contract/payments/schema";
import { isApprovalRail, type TDraft } from "@/lib/contract/approvals/schema";
import { draftIfRequired } from "@/lib/portal/approvals/approvals-api";
import type { ApiRequestError } from "@/lib/portal/shared/api-client";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { classifySubmitError, findPaymentByReference, postPayment } from "@/lib/portal/payments/payments-api";
import { accountKeys, approvalKeys, paymentKeys } from "@/lib/portal/shared/query-keys";

export type SubmissionPhase =
  | { kind: "idle" }
  | { kind: "submitting"; attempt: number }
  | { kind: "retry"; message: string }
  | { kind: "rejected"; error: ApiRequestError }
  | { kind: "duplicate"; reference: string; existing: TPaymentStatusRecord | null; lookupFailed: boolean }
  | { kind: "done"; payment: TPaymentResponse; replayed: boolean }
  /** An approval policy held it back: a draft awaits approvers; nothing was paid or reserved. */
  | { kind: "drafted"; draft: TDraft };

type Body = { debtorAccount: { identification: string }; instructionIdentification?: string | null };

/** A request still in flight under the same key (409 REQUEST_IN_PROGRESS) is asked again this often, this many times. */
const IN_PROGRESS_DELAY_MS = 800;
const IN_PROGRESS_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One payment submission, duplicate-safe:
 * - one Idempotency-Key per opened form, reused by every retry of it (a new
 *   one only after a result, for the next payment);
 * - one request at a time (a ref, so a double click in the same frame is one
 *   request, before React has re-rendered the disabled button);
 * - a network failure, 429 or 5xx offers Retry with the same key and body: the
 *   API replays the first 201 if the payment was made;
 * - a 409 duplicate shows the payment that holds the instructionIdentification;
 * - a payment an approval policy holds back becomes a draft under the same key
 *   (docs/approvals.md): the approval that completes it submits it once.
 */
export function usePaymentSubmission(rail: TRail) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [phase, setPhase] = useState<SubmissionPhase>({ kind: "idle" });
  const inFlight = useRef(false);
  const lastBody = useRef<Body | null>(null);

  const send = useCallback(
    async (body: Body) => {
      if (inFlight.current) return;
      inFlight.current = true;
      lastBody.current = body;
      try {
        for (let attempt = 1; ; attempt += 1) {
          setPhase({ kind: "submitting", attempt });
          try {
            const held = isApprovalRail(rail) ? await draftIfRequired(rail, body, key) : null;
            if (held?.draft) {
              setPhase({ kind: "drafted", draft: held.draft });
              void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
              return;
            }
            const result = await postPayment(rail, body, key);
            setPhase({ kind: "done", ...result });
            void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
            void queryClient.invalidateQueries({ queryKey: accountKeys.all });
            return;
          } catch (error) {
            const failure = classifySubmitError(error, rail);
            if (failure.kind === "in-progress" && attempt < IN_PROGRESS_ATTEMPTS) {
              await sleep(IN_PROGRESS_DELAY_MS);
              continue;
            }
            if (failure.kind === "in-progress") {
              setPhase({ kind: "retry", message: "The bank is still processing this payment. Retry in a moment to see its result." });
            } else if (failure.kind === "duplicate") {
              const reference = body.instructionIdentification ?? "";
              let existing: TPaymentStatusRecord | null = null;
              let lookupFailed = false;
              try {
                existing = await findPaymentByReference(body.debtorAccount.identification, rail, reference);
              } catch {
                lookupFailed = true;
              }
              setPhase({ kind: "duplicate", reference, existing, lookupFailed });
            } else if (failure.kind === "retry") {
              setPhase({ kind: "retry", message: failure.message });
            } else {
              setPhase({ kind: "rejected", error: failure.error });
            }
            return;
          }
        }
      } finally {
        inFlight.current = false;
      }
    },
    [key, queryClient, rail],
  );

  /** The same body, the same key. */
  const retry = useCallback(() => {
    if (lastBody.current) void send(lastBody.current);
  }, [send]);

  /** For the next payment: a new key, a clean slate. */
  const startOver = useCallback(() => {
    lastBody.current = null;
    setKey(newIdempotencyKey());
    setPhase({ kind: "idle" });
  }, []);

  const dismiss = useCallback(() => setPhase({ kind: "idle" }), []);

  return { key, phase, send, retry, startOver, dismiss, busy: phase.kind === "submitting" };
}
