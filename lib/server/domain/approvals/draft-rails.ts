import "server-only";
import type { PoolClient } from "pg";
import { unitInTransaction, type Unit } from "@/lib/server/core/unit";
import type { Config } from "@/lib/server/core/config";
import { completeKey, type ResponseSlot } from "@/lib/server/core/idempotency/repo";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { createInternalTransfer } from "@/lib/server/domain/payments/internal";
import type { PaymentInput, PaymentOptions } from "@/lib/server/domain/payments/submit";
import type { Approval } from "@/lib/server/domain/payments/record";
import type { TPaymentResponse } from "@/lib/contract/payments/schema";
import type { z } from "zod";
import { createSwiftPayment } from "@/lib/server/domain/payments/swift";
import { acceptBatch } from "@/lib/server/domain/virtual-accounts/jobs/accept";
import { specFromV2 } from "@/lib/server/domain/virtual-accounts/jobs/items";
import type { TApprovalRail } from "@/lib/contract/approvals/schema";
import { createInternalTransferOperation } from "@/lib/contract/ledger/operations";
import { createAchPaymentOperation, createSwiftPaymentOperation } from "@/lib/contract/payments/operations";
import { createVirtualAccountsV2Operation } from "@/lib/contract/virtual-accounts/operations";
import { parseInput } from "@/lib/contract/validation";
import { createPaymentBatchOperation } from "@/lib/contract/payment-runs/operations";
import { acceptPaymentRun, jsonRun } from "@/lib/server/domain/payment-runs/accept";
import { makerNow } from "@/lib/server/domain/users/repo";
import { isRole, scopesForRole } from "@/lib/contract/auth/roles";

/** What an approved draft's use case needs besides the unit: the environment and the approvers. */
export type DraftMaking = {
  tx: PoolClient;
  slot: ResponseSlot;
  approvedBy: Approval[];
  payment: Omit<PaymentOptions, "approvedBy">;
  config: Pick<Config, "appEnv" | "webhookAllowPrivateNetworks">;
  baseUrl: string;
};

export type Rail = {
  /** The operation whose Idempotency-Key slot the draft's key occupies: an API retry with the same key finds what the draft made. */
  operation: { method: string; path: string; status?: number };
  /** Calls the rail's use case in the approval's transaction, as the maker; answers the id of what it made and the response stored under the key. */
  make(unit: Unit, request: unknown, making: DraftMaking): Promise<{ id: string; body: unknown }>;
};

/** A money rail: its use case, as the maker, in the approval's transaction, with the approvers recorded on the payment. */
function moneyRail<B>(operation: Rail["operation"] & { body: z.ZodType<B> }, useCase: (unit: Unit, input: PaymentInput<B>) => Promise<TPaymentResponse>): Rail {
  return {
    operation,
    make: async (unit, request, m) => {
      const body = parseInput(operation.body, request);
      const payment = await useCase(unitInTransaction(unit, m.tx, m.slot), { body, ...m.payment, approvedBy: m.approvedBy });
      return { id: payment.id, body: payment };
    },
  };
}

/**
 * Each rail's use case, called directly (never through HTTP). The stored
 * request is parsed with the rail's own schema again: the rules may have
 * changed since it was drafted, and a request that no longer passes is refused.
 */
export const DRAFT_RAILS: Readonly<Record<TApprovalRail, Rail>> = {
  ACH: moneyRail(createAchPaymentOperation, createAchPayment),
  SWIFT: moneyRail(createSwiftPaymentOperation, createSwiftPayment),
  INTERNAL: moneyRail(createInternalTransferOperation, createInternalTransfer),
  VIRTUAL_ACCOUNT_BATCH: {
    operation: createVirtualAccountsV2Operation,
    make: async (unit, request, m) => {
      const { items, callbackUrl, customHeaders } = parseInput(createVirtualAccountsV2Operation.body, request);
      const accepted = await acceptBatch(
        {
          db: m.tx,
          config: m.config,
          transaction: async (fn) => {
            const body = await fn(m.tx);
            await completeKey(m.tx, m.slot, JSON.stringify(body));
            return body;
          },
          audit: unit.actor,
          baseUrl: m.baseUrl,
        },
        { apiVersion: 2, items: items.map(specFromV2), callbackUrl, customHeaders },
      );
      return { id: accepted.jobId, body: accepted };
    },
  },
  BATCH: {
    operation: createPaymentBatchOperation,
    make: async (unit, stored, m) => {
      const body = parseInput(createPaymentBatchOperation.body, stored);
      // The run's use case checks each item's rail permission against what the maker may do now, not when they drafted.
      const maker = await makerNow(m.tx, unit.actor.clientId, unit.actor.person!.userId);
      const permissions = new Set(maker && isRole(maker.role) ? scopesForRole(maker.role, maker.clientPermissions) : []);
      const accepted = await acceptPaymentRun(unitInTransaction(unit, m.tx, m.slot), {
        ...jsonRun(body),
        permissions,
        baseUrl: m.baseUrl,
        config: m.config,
        approvedBy: m.approvedBy,
      });
      return { id: accepted.jobId, body: accepted };
    },
  },
};
