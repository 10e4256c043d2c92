import "server-only";
import { systemActor } from "@/lib/server/core/audit/actors";
import type { Queryable } from "@/lib/server/core/db/types";
import { parseAmount } from "@/lib/contract/money";
import { insertJobAccounts, nextSequenceValues, type AccountSpec } from "@/lib/server/domain/virtual-accounts/jobs/repo";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { postToVirtualAccount } from "@/lib/server/domain/virtual-accounts/ledger";
import { provisionCurrency } from "@/lib/server/domain/virtual-accounts/repo";

/** UAT demo virtual accounts (decisions §9), loaded with the rest of the demo data into an empty database. */

type DemoVirtualAccount = Partial<AccountSpec> & { currency: "USD" | "BMD"; balance: string };

const base = { accountHolderType: null, dob: null, nativeLanguageName: null, clientReference: null, holderDetails: {} } as const;

export const DEMO_VIRTUAL_ACCOUNTS: Record<string, { currencies: string[]; accounts: DemoVirtualAccount[] }> = {
  acme: {
    currencies: ["USD", "BMD"],
    accounts: [
      {
        currency: "USD",
        accountHolderName: "Jane Tucker",
        accountName: "Tucker Tenancy Deposit",
        clientReference: "TENANT-0001",
        dob: "1984-05-17",
        balance: "1500.00",
      },
      {
        currency: "BMD",
        accountHolderName: "Island Freight Ltd.",
        accountName: "Island Freight Collections",
        accountHolderType: "Business",
        clientReference: "CUST-0002",
        balance: "320.50",
      },
      { currency: "USD", balance: "0.00" },
    ],
  },
  globex: {
    currencies: ["USD"],
    accounts: [
      { currency: "USD", accountHolderName: "Wayne Supplies", accountName: "Wayne Supplies Receivables", clientReference: "GX-0001", balance: "75.00" },
    ],
  },
};

export async function seedDemoVirtualAccounts(db: Queryable): Promise<void> {
  for (const [clientId, demo] of Object.entries(DEMO_VIRTUAL_ACCOUNTS)) {
    for (const currency of demo.currencies) await provisionCurrency(db, clientId, currency);
    const sequences = await nextSequenceValues(db, demo.accounts.length);
    const accounts = demo.accounts.map((a, i) => ({
      ...base,
      accountHolderName: null,
      accountName: null,
      ...a,
      number: virtualAccountNumber(sequences[i]!),
      index: i,
    }));
    await insertJobAccounts(db, clientId, null, systemActor("seed"), accounts);
    for (const account of accounts) {
      const minor = parseAmount(account.balance, account.currency);
      if (minor === 0n) continue;
      await postToVirtualAccount(db, {
        clientId,
        number: account.number,
        amountMinor: minor,
        currency: account.currency,
        kind: "opening_balance",
        reference: `OPEN-${account.number}`,
      });
    }
  }
}
