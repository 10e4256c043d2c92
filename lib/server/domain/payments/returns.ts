import "server-only";
import { z } from "zod";
import type { PoolClient } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { parseInput } from "@/lib/contract/validation";
import { ZReturnReasonCode, type TReturnReasonCode } from "@/lib/contract/payments/returns";
import type { TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { returnPayment, type MoveActor } from "@/lib/server/domain/payments/lifecycle";
import { findPaymentClient } from "@/lib/server/domain/payments/repo";
import { toPaymentStatusRecord } from "@/lib/server/domain/payments/serialize";
import { isPaymentId, paymentNotFound } from "@/lib/server/domain/payments/service";

/** A return of a client's payment (POST /v1/sandbox/payments/{id}/return, uat). */
export async function returnClientPayment(
  tx: PoolClient,
  clientId: string,
  paymentId: string,
  reasonCode: TReturnReasonCode,
  actor: MoveActor,
): Promise<TPaymentStatusRecord> {
  if (!isPaymentId(paymentId)) throw paymentNotFound(paymentId);
  return toPaymentStatusRecord(await returnPayment(tx, clientId, paymentId, reasonCode, actor));
}

const ZOperatorReturn = z.strictObject({ paymentId: z.string().min(1, "--id is required"), reasonCode: ZReturnReasonCode });

/** The bank's operator records a return the beneficiary's bank sent (npm run ops -- payment return): audited as the operator. */
export async function returnPaymentAsOperator(ctx: OpsContext, input: unknown): Promise<TPaymentStatusRecord & { clientId: string }> {
  const { paymentId, reasonCode } = parseInput(ZOperatorReturn, input);
  return withTransaction(ctx.db, async (tx) => {
    const clientId = isPaymentId(paymentId) ? await findPaymentClient(tx, paymentId) : null;
    if (!clientId) throw paymentNotFound(paymentId);
    const record = await returnClientPayment(tx, clientId, paymentId, reasonCode, { actor: ctx.actor, ip: ctx.ip ?? null, correlationId: ctx.correlationId });
    return { clientId, ...record };
  });
}
