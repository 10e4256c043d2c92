import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { ApiError } from "@/lib/contract/http/errors";
import { balanceFromPostings, post } from "@/lib/server/domain/ledger/ledger";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { formatAmount } from "@/lib/contract/money";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { movePayment } from "@/lib/server/domain/payments/lifecycle";
import { ZAchPaymentRequest, type TPaymentStatus } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { achBody, balanceMinor, setBalance, integrationUnit, PAYMENT_OPTIONS } from "@/tests/payments";

const ACCOUNT = "1000123459";
const ACCOUNT_ID = `ACC-${ACCOUNT}`;

type Op = { kind: "pay"; amount: number } | { kind: "deposit"; amount: number } | { kind: "move"; to: TPaymentStatus; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constant("deposit" as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ kind: fc.constant("move" as const), to: fc.constantFrom<TPaymentStatus>("Completed", "Failed", "Reversed", "Pending"), pick: fc.nat() }),
);

/** Funds a payment holds in the model: Pending and Completed hold, Failed and Reversed gave them back. */
const holds = (s: TPaymentStatus) => s === "Pending" || s === "Completed";
const ALLOWED: Record<TPaymentStatus, TPaymentStatus[]> = {
  Scheduled: ["Cancelled", "Failed"],
  Pending: ["Completed", "Failed"],
  Completed: ["Reversed"],
  Failed: [],
  Reversed: [],
  Cancelled: [],
};

describe("money conservation (property)", () => {
  it("random payments, failures, reversals and deposits conserve money and never go negative", async () => {
    const runtime = await getRuntime();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 100_000 }), fc.array(op, { minLength: 1, maxLength: 25 }), async (start, ops) => {
        await setBalance(ACCOUNT, BigInt(start));
        let model = BigInt(start);
        const payments: Array<{ id: string; status: TPaymentStatus; amount: bigint }> = [];
        for (const step of ops) {
          if (step.kind === "pay") {
            const body = ZAchPaymentRequest.parse(
              achBody({
                debtorAccount: { identification: ACCOUNT },
                debitCurrency: "BMD",
                creditorBank: { bankCode: "BANK_B", currency: "BMD" },
                instructedAmount: { amount: formatAmount(BigInt(step.amount), "BMD"), currency: "BMD" },
              }),
            );
            const payment = await createAchPayment(integrationUnit(runtime.db), { body: body, ...PAYMENT_OPTIONS });
            const covered = model >= BigInt(step.amount);
            expect(payment.transactionStatus).toBe(covered ? "Pending" : "Failed");
            if (covered) {
              model -= BigInt(step.amount);
              payments.push({ id: payment.id, status: "Pending", amount: BigInt(step.amount) });
            }
          } else if (step.kind === "deposit") {
            await post(runtime.db, {
              clientId: "acme",
              accountId: ACCOUNT_ID,
              currency: "BMD",
              amountMinor: BigInt(step.amount),
              kind: "deposit",
              reference: "prop",
            });
            model += BigInt(step.amount);
          } else if (payments.length > 0) {
            const target = payments[step.pick % payments.length]!;
            const allowed = ALLOWED[target.status].includes(step.to);
            try {
              await withTransaction(runtime.db, (tx) => movePayment(tx, "acme", target.id, step.to, "test"));
              expect(allowed).toBe(true);
              if (holds(target.status) && !holds(step.to)) model += target.amount;
              target.status = step.to;
            } catch (error) {
              expect(allowed).toBe(false);
              expect((error as ApiError).code).toBe("INVALID_STATUS_TRANSITION");
            }
          }
          const stored = await balanceMinor(ACCOUNT);
          expect(stored).toBe(model);
          expect(stored >= 0n).toBe(true);
        }
        expect(await balanceMinor(ACCOUNT)).toBe(await balanceFromPostings(runtime.db, "acme", ACCOUNT_ID));
        // Every entry balanced per currency, every balance equal to its postings (npm run ops -- ledger verify).
        expect(await verifyLedger(runtime.db)).toMatchObject({ ok: true });
      }),
      { numRuns: 40 },
    );
  });
});
