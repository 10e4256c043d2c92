"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { createPayee, payeeRequest, type PayeeFormValues } from "@/lib/portal/payees/payees-api";

/** "Save this beneficiary" under a typed beneficiary. */
export function SavePayeeOption({ register }: { register: (path: string) => UseFormRegisterReturn }) {
  return (
    <label className="mt-1 flex items-center gap-2 text-sm">
      <input type="checkbox" {...register("savePayee")} className="size-4" />
      Save this beneficiary to your payees
    </label>
  );
}

/**
 * Adds the typed beneficiary to the payee book as the payment is sent, and
 * says how it went; a payee the bank refuses (or a policy holds for approval)
 * never stops the payment itself.
 */
export async function saveTypedPayee(values: PayeeFormValues): Promise<string> {
  try {
    const payee = await createPayee(payeeRequest(values), newIdempotencyKey());
    return payee.status === "PendingApproval"
      ? `${payee.name} is saved to your payees and waits for another person's approval before it can be picked.`
      : `${payee.name} is saved to your payees.`;
  } catch (error) {
    return `The beneficiary was not saved to your payees: ${error instanceof ApiRequestError ? error.message : "the request failed"}.`;
  }
}
