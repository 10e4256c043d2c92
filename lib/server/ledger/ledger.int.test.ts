import { describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/db/transaction";
import { balanceFromPostings, debitIfCovered, post } from "@/lib/server/ledger/ledger";
import { getRuntime } from "@/lib/server/runtime";

const account = { clientId: "acme", accountId: "ACC-1000123459", currency: "BMD" };

async function stored(): Promise<bigint> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ a: string }>("SELECT available_minor::text AS a FROM accounts WHERE client_id = $1 AND account_id = $2", [
    account.clientId,
    account.accountId,
  ]);
  return BigInt(rows[0]!.a);
}

describe("ledger", () => {
  it("keeps the stored balance equal to the sum of postings", async () => {
    const { db } = await getRuntime();
    await post(db, { ...account, amountMinor: 12_345n, kind: "deposit", reference: "t1" });
    expect(await stored()).toBe(await balanceFromPostings(db, account.clientId, account.accountId));
  });

  it("never overdraws under concurrent debits", async () => {
    const { db } = await getRuntime();
    const start = await stored();
    const slice = start * 3n / 10n;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withTransaction(db, (tx) => debitIfCovered(tx, { ...account, amountMinor: -slice, kind: "payment", reference: `c${i}` })),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(3);
    expect(await stored()).toBe(start - 3n * slice);
    expect(await stored()).toBeGreaterThanOrEqual(0n);
    expect(await stored()).toBe(await balanceFromPostings(db, account.clientId, account.accountId));
  });
});
