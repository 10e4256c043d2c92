import "server-only";
import { attemptPost, ATTEMPT_TIMEOUT_MS, type AttemptOutcome } from "@/lib/server/domain/delivery/http-attempt";
import { destinationPolicyOf } from "@/lib/server/domain/delivery/destination-policy";
import { attemptEnd, OriginGate } from "@/lib/server/domain/delivery/origin-gate";
import { DELIVERY_TASK_KIND } from "@/lib/server/domain/delivery/outbox";
import { findDeliveryForAttempt, recordAttempt, type DeliveryRow } from "@/lib/server/domain/delivery/repo";
import { nextRetryDelayMs } from "@/lib/server/domain/delivery/retry-schedule";
import { signerOf } from "@/lib/server/domain/delivery/signer";
import { signatureHeaders } from "@/lib/server/domain/delivery/signing";
import { noteFailedAttempt } from "@/lib/server/domain/notifications/endpoint-failures";
import { SUBSCRIPTION_SOURCE } from "@/lib/server/domain/webhooks/service";
import { RetryLater, type TaskDefinition } from "@/lib/server/core/jobs/worker";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import type { Runtime } from "@/lib/server/core/runtime";
import { openCustomHeaders } from "@/lib/server/core/crypto/stored-secrets";

const gate = new OriginGate();

function outboundHeaders(delivery: DeliveryRow, signature: Record<string, string>): Record<string, string> {
  return {
    ...openCustomHeaders(delivery.custom_headers),
    "content-type": "application/json",
    "user-agent": "Harbour-Webhooks/1.0",
    ...signature,
  };
}

/** What follows an attempt: done, failed for good, or the next try after a delay. */
function nextStep(delivery: DeliveryRow, succeeded: boolean, attemptNo: number, retryScale: number) {
  if (succeeded) return { status: "Succeeded" as const, delayMs: null };
  // A manual retry is one attempt; the automatic schedule restarts only with a new delivery.
  const delayMs = delivery.manual_run ? null : nextRetryDelayMs(attemptNo - delivery.run_started_at_attempt, retryScale);
  return delayMs === null ? { status: "Failed" as const, delayMs: null } : { status: "Pending" as const, delayMs };
}

const SUSPENDED_RECHECK_MS = 5 * 60_000;

/**
 * Sends one attempt of a delivery. At least once: the queue task is leased,
 * so if the process dies mid-attempt the task runs again when the lease ends
 * (a receiver may then see the same body twice, with a new nonce).
 */
export async function sendDelivery(task: Task, runtime: Runtime): Promise<void> {
  const clientId = task.client_id;
  const deliveryId = String(task.payload.deliveryId ?? "");
  if (!clientId || !deliveryId) return;
  const found = await findDeliveryForAttempt(runtime.db, clientId, deliveryId);
  if (!found || found.delivery.status !== "Pending") return;
  // A suspended client's webhooks stop (docs/operations.md): held, not attempted, and sent once it is reactivated.
  if (found.clientSuspended) throw new RetryLater(SUSPENDED_RECHECK_MS * runtime.config.webhookRetryScale, "client suspended; delivery held");
  const { delivery } = found;
  const signer = signerOf(runtime, clientId, found.signing);

  const url = new URL(delivery.url);
  // Slot leases and the receiver's record go through the pool without a WAL flush per commit (runtime.counterDb):
  // they are coordination, not records. A commit lost in a database crash frees a slot early or keeps it until its
  // lease lapses; meanwhile the two statements around every attempt no longer wait for the disk (docs/webhooks.md).
  const turn = await gate.acquire(runtime.counterDb, url.origin);
  // Deferred, not attempted: the attempt count and the retry schedule are untouched.
  if (turn.kind === "deferred") throw new RetryLater(turn.delayMs, turn.reason);
  // Stamped after any wait for the receiver's turn, so the timestamp is as fresh as possible.
  const attemptedAt = new Date();
  let outcome: AttemptOutcome | undefined;
  try {
    const headers = outboundHeaders(delivery, signatureHeaders(signer, { url, body: delivery.body }, attemptedAt));
    outcome = await attemptPost({ url: delivery.url, headers, body: delivery.body, policy: destinationPolicyOf(runtime.config) });
  } finally {
    await turn.release(outcome ? attemptEnd(outcome) : { kind: "no-answer" });
  }

  const attemptNo = delivery.attempt_count + 1;
  const step = nextStep(delivery, outcome.succeeded, attemptNo, runtime.config.webhookRetryScale);
  const nextAttemptAt = step.delayMs === null ? null : new Date(Date.now() + step.delayMs);
  await recordAttempt(runtime.db, clientId, deliveryId, { attemptNo, attemptedAt, ...outcome }, { status: step.status, nextAttemptAt });
  // A subscription's endpoint failing again and again is its administrators' to know (docs/notifications.md).
  if (!outcome.succeeded && delivery.source_kind === SUBSCRIPTION_SOURCE) await noteFailedAttempt(runtime.db, clientId, delivery.source_id, delivery.url);
  if (step.delayMs !== null) throw new RetryLater(step.delayMs, outcome.error ?? "delivery failed");
}

export const DELIVERY_TASK: TaskDefinition = {
  kind: DELIVERY_TASK_KIND,
  // Well above the 10 s attempt timeout: a lapsed lease means the worker died.
  leaseSeconds: Math.ceil(ATTEMPT_TIMEOUT_MS / 1000) * 6,
  maxAttempts: 20,
  handle: sendDelivery,
};
