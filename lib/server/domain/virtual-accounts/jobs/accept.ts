import "server-only";
import { randomUUID } from "node:crypto";
import { checkDestination, destinationPolicyOf, DestinationRefused } from "@/lib/server/domain/delivery/destination-policy";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError, type ErrorDetail } from "@/lib/contract/http/errors";
import type { TransactionRunner } from "@/lib/server/core/idempotency/transaction";
import { enqueueTask } from "@/lib/server/core/jobs/queue-repo";
import type { Config } from "@/lib/server/core/config";
import { CREATE_VIRTUAL_ACCOUNTS_TASK } from "@/lib/server/domain/virtual-accounts/jobs/process";
import { insertJob, type AccountSpec } from "@/lib/server/domain/virtual-accounts/jobs/repo";
import { toJobAccepted } from "@/lib/server/domain/virtual-accounts/jobs/serialize";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { listProvisionedCurrencies } from "@/lib/server/domain/virtual-accounts/repo";
import type { TJobAccepted } from "@/lib/contract/virtual-accounts/responses";

export type AcceptContext = {
  db: Queryable;
  config: Pick<Config, "appEnv" | "webhookAllowPrivateNetworks">;
  /** The request's transaction runner: with an Idempotency-Key the 202 is stored in the same transaction as the job. */
  transaction: TransactionRunner;
  /** Who submits the batch: its accepted row carries it whole; the accounts the worker creates carry its actor. */
  audit: AuditContext;
  baseUrl: string;
};

export type BatchRequest = {
  apiVersion: 1 | 2;
  items: AccountSpec[];
  callbackUrl?: string;
  customHeaders?: Record<string, string>;
};

/** The checks the schema cannot make: they need the client's provisioning and a DNS answer. */
async function contextualIssues(ctx: AcceptContext, batch: BatchRequest): Promise<ErrorDetail[]> {
  const provisioned = new Set(await listProvisionedCurrencies(ctx.db, ctx.audit.clientId));
  const details: ErrorDetail[] = [];
  batch.items.forEach((item, index) => {
    if (!provisioned.has(item.currency)) {
      details.push({
        field: `items[${index}].currency`,
        code: "CURRENCY_NOT_PROVISIONED",
        message: `${item.currency} is not provisioned for this client's virtual accounts${provisioned.size ? ` (provisioned: ${[...provisioned].join(", ")})` : ""}`,
      });
    }
  });
  if (batch.callbackUrl !== undefined) {
    try {
      await checkDestination(batch.callbackUrl, destinationPolicyOf(ctx.config));
    } catch (error) {
      if (!(error instanceof DestinationRefused)) throw error;
      details.push({ field: "callbackUrl", code: "CALLBACK_URL_REFUSED", message: error.message });
    }
  }
  return details;
}

/**
 * Accepts a batch (spec §4.6-4.7): validates what the schema could not, then
 * stores the job and enqueues its task in one transaction (the task exists
 * exactly when the job does). The worker does the rest.
 */
export async function acceptBatch(ctx: AcceptContext, batch: BatchRequest): Promise<TJobAccepted> {
  const details = await contextualIssues(ctx, batch);
  if (details.length > 0) {
    const message =
      details.length === 1
        ? `Invalid ${details[0]!.field}: ${details[0]!.message}`
        : `The request has ${details.length} invalid fields: ${details.map((d) => d.field).join(", ")}.`;
    throw new ApiError("VALIDATION_ERROR", message, { field: details[0]!.field, details });
  }
  const jobId = randomUUID();
  return ctx.transaction(async (tx) => {
    const job = await insertJob(tx, {
      clientId: ctx.audit.clientId,
      jobId,
      apiVersion: batch.apiVersion,
      items: batch.items,
      callbackUrl: batch.callbackUrl ?? null,
      customHeaders: batch.customHeaders ?? {},
      baseUrl: ctx.baseUrl,
      actor: ctx.audit.actor,
    });
    await writeAudit(tx, {
      ...ctx.audit,
      action: "virtual_account_job.accepted",
      entity: "virtual_account_job",
      entityId: jobId,
      data: { apiVersion: batch.apiVersion, totalItems: batch.items.length, callback: batch.callbackUrl !== undefined },
    });
    await enqueueTask(tx, CREATE_VIRTUAL_ACCOUNTS_TASK, { jobId }, { clientId: ctx.audit.clientId, dedupeKey: `${ctx.audit.clientId}:${jobId}` });
    return toJobAccepted(job, ctx.baseUrl);
  });
}
