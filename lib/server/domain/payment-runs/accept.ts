import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError, type ErrorDetail } from "@/lib/contract/http/errors";
import { transactionOf, type Unit } from "@/lib/server/core/unit";
import type { Config } from "@/lib/server/core/config";
import { completeKey } from "@/lib/server/core/idempotency/repo";
import { requestInProgress } from "@/lib/server/core/idempotency/transaction";
import { enqueueTask } from "@/lib/server/core/jobs/queue-repo";
import { writeAudit } from "@/lib/server/core/audit/write";
import { checkDestination, destinationPolicyOf, DestinationRefused } from "@/lib/server/domain/delivery/destination-policy";
import { checkDecisions } from "@/lib/server/domain/payments/submit";
import { assertRunNotHeldBack } from "@/lib/server/domain/dual-control/policies";
import type { Approval } from "@/lib/server/domain/payments/record";
import { RAIL_PERMISSIONS, railsOf, totalsByCurrency, type TPaymentBatchRequest, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import type { TJobAccepted } from "@/lib/contract/virtual-accounts/responses";
import { jobLinks } from "@/lib/server/domain/virtual-accounts/jobs/serialize";
import { insertBatch, type RunFormat } from "@/lib/server/domain/payment-runs/repo";
import { decisionsOf } from "@/lib/server/domain/payment-runs/decisions";

export const PAYMENT_RUN_TASK = "payment-runs.run";

/** An item as accepted: the rail's request, and where it came from in the file. */
export type RunItem = TPaymentRunItem & { endToEndId: string | null; paymentInfoId: string | null };

export type RunSubmission = {
  format: RunFormat;
  items: RunItem[];
  reference: string | null;
  /** A pain.001's GrpHdr/MsgId. */
  messageId: string | null;
  callbackUrl?: string;
  customHeaders?: Record<string, string>;
  /** How a 400's detail names item `index`'s `field` in this format (`items[3].request.x`, `line 5: column`, an EndToEndId). */
  locate: (index: number, field: string | null) => string;
  /** What the submitter may do: `payment-batch` was checked by the way in; each item's rail permission is checked here. */
  permissions: ReadonlySet<string>;
  baseUrl: string;
  config: Pick<Config, "appEnv" | "webhookAllowPrivateNetworks">;
  /** The approvers, when the run is an approved draft's. */
  approvedBy?: Approval[];
};

/** A run as its file or body gives it: what the way in knows before the submitter's permissions and the environment. */
export type FileRun = Pick<RunSubmission, "format" | "items" | "reference" | "messageId" | "callbackUrl" | "customHeaders" | "locate">;

/**
 * A run from a pain.001.001.09: each item keeps its EndToEndId and its PmtInf's PmtInfId, the run the GrpHdr's MsgId
 * (its reference unless one was given), so that the run's pain.002 answers the file. Problems are named by EndToEndId.
 */
export function pain001Run(
  items: TPaymentRunItem[],
  endToEndIds: readonly (string | null)[],
  ids: { messageId: string | null; paymentInfoIds: string[] },
  reference?: string,
): FileRun {
  return {
    format: "pain.001",
    items: items.map((item, i) => ({ ...item, endToEndId: endToEndIds[i] ?? null, paymentInfoId: ids.paymentInfoIds[i]! })),
    reference: reference ?? ids.messageId,
    messageId: ids.messageId,
    locate: (index, field) => `EndToEndId ${endToEndIds[index]}: request${field ? `.${field}` : ""}`,
  };
}

/**
 * A run sent as the JSON body: POST /v1/payment-batches, or an approved BATCH draft holding that body. With `pain001`
 * (a file's rows the portal changed, or drafted) it is that file's run, as pain001Run makes it: the pain.001 mapping put
 * each EndToEndId in the item's instructionIdentification. Problems are named in the body's terms (`items[3].request.x`),
 * whichever it is: that is where the sender finds them.
 */
export function jsonRun(body: TPaymentBatchRequest): FileRun {
  const endToEndIds = body.items.map((item) => item.request.instructionIdentification ?? null);
  const sent = {
    callbackUrl: body.callbackUrl,
    customHeaders: body.customHeaders,
    locate: (index: number, field: string | null) => `items[${index}].request${field ? `.${field}` : ""}`,
  };
  if (body.pain001) return { ...pain001Run(body.items, endToEndIds, body.pain001, body.reference), ...sent };
  return {
    format: "json",
    items: body.items.map((item, i) => ({ ...item, endToEndId: endToEndIds[i]!, paymentInfoId: null })),
    reference: body.reference ?? null,
    messageId: null,
    ...sent,
  };
}

function refuse(details: ErrorDetail[]): never {
  const message =
    details.length === 1
      ? `Invalid ${details[0]!.field ?? "file"}: ${details[0]!.message}`
      : `The file has ${details.length} problems: ${details
          .slice(0, 20)
          .map((d) => d.field ?? "file")
          .join(", ")}${details.length > 20 ? ", ..." : ""}.`;
  throw new ApiError("VALIDATION_ERROR", message, { field: details[0]!.field, details });
}

/** A run needs every rail permission its items use: one missing refuses the whole file. */
function assertRailPermissions(run: RunSubmission): void {
  const missing = railsOf(run.items)
    .map((rail) => RAIL_PERMISSIONS[rail])
    .filter((permission) => !run.permissions.has(permission));
  if (missing.length > 0) throw new ApiError("FORBIDDEN", `This run has payments that need the permission ${missing.join(" and ")}.`);
}

/** The rails' own rules on every item (accounts, currencies, bank codes, rates), before anything is created. */
async function ruleIssues(unit: Unit, run: RunSubmission): Promise<ErrorDetail[]> {
  const decisions = await decisionsOf(unit, run.items);
  const ready = decisions.flatMap((d, index) => (d instanceof ApiError ? [] : [{ index, decision: d }]));
  const refusals = await checkDecisions(
    unit,
    ready.map((r) => r.decision),
  );
  const byIndex = new Map<number, ApiError>();
  decisions.forEach((d, index) => d instanceof ApiError && byIndex.set(index, d));
  ready.forEach((r, k) => refusals[k] && byIndex.set(r.index, refusals[k]!));
  return [...byIndex].sort(([a], [b]) => a - b).map(([index, error]) => ({ field: run.locate(index, error.field), code: error.code, message: error.message }));
}

async function callbackIssues(run: RunSubmission): Promise<ErrorDetail[]> {
  if (run.callbackUrl === undefined) return [];
  try {
    await checkDestination(run.callbackUrl, destinationPolicyOf(run.config));
    return [];
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    return [{ field: "callbackUrl", code: "CALLBACK_URL_REFUSED", message: error.message }];
  }
}

/**
 * Accepts a payment run (decisions §11): the rail permissions, then the whole
 * file against the rails' own rules (400 naming every bad item, nothing
 * created), then the run, its items and its task in one transaction, with the
 * 202 stored under the Idempotency-Key in the same transaction. The worker
 * makes the payments (lib/server/domain/payment-runs/process.ts).
 */
export async function acceptPaymentRun(unit: Unit, run: RunSubmission): Promise<TJobAccepted> {
  assertRailPermissions(run);
  await assertRunNotHeldBack(unit.db, unit.actor, run.items, run.approvedBy !== undefined);
  const details = [...(await ruleIssues(unit, run)), ...(await callbackIssues(run))];
  if (details.length > 0) refuse(details);
  const batchId = randomUUID();
  const accepted: TJobAccepted = { jobId: batchId, status: "Pending", ...jobLinks(run.baseUrl, batchId) };
  return transactionOf(unit, async (tx) => {
    const { actor } = unit;
    await insertBatch(tx, {
      clientId: actor.clientId,
      batch_id: batchId,
      format: run.format,
      reference: run.reference,
      message_id: run.messageId,
      totals: totalsByCurrency(run.items),
      rails: railsOf(run.items),
      callback_url: run.callbackUrl ?? null,
      custom_headers: run.customHeaders ?? {},
      base_url: run.baseUrl,
      actor: actor.actor,
      person: actor.person,
      ip: actor.ip,
      correlation_id: actor.correlationId,
      approved_by: run.approvedBy ?? [],
      items: run.items,
    });
    await writeAudit(tx, {
      ...actor,
      action: "payment_batch.accepted",
      entity: "payment_batch",
      entityId: batchId,
      data: { format: run.format, totalItems: run.items.length, totals: totalsByCurrency(run.items), reference: run.reference },
    });
    await enqueueTask(tx, PAYMENT_RUN_TASK, { batchId }, { clientId: actor.clientId, dedupeKey: `${actor.clientId}:${batchId}` });
    if (unit.responseSlot && !(await completeKey(tx, unit.responseSlot, JSON.stringify(accepted)))) throw requestInProgress();
    return accepted;
  });
}
