import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import type { Unit } from "@/lib/server/core/unit";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { achDecision } from "@/lib/server/domain/payments/ach";
import { internalDecision } from "@/lib/server/domain/payments/internal";
import { swiftDecision } from "@/lib/server/domain/payments/swift";
import type { RailDecision } from "@/lib/server/domain/payments/submit";

/** An item's rail rules, exactly as its single-payment use case applies them (or the refusal found before deciding, such as an unknown payee). */
async function decisionOf(unit: Unit, item: TPaymentRunItem): Promise<RailDecision | ApiError> {
  try {
    switch (item.rail) {
      case "ACH":
        return await achDecision(unit, item.request);
      case "SWIFT":
        return await swiftDecision(unit, item.request);
      case "INTERNAL":
        return await internalDecision(unit, item.request);
    }
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** Every item's decision, one after another: a decision may read the database, and the unit's db may be a transaction's client. */
export async function decisionsOf(unit: Unit, items: readonly TPaymentRunItem[]): Promise<Array<RailDecision | ApiError>> {
  const decisions: Array<RailDecision | ApiError> = [];
  for (const item of items) decisions.push(await decisionOf(unit, item));
  return decisions;
}
