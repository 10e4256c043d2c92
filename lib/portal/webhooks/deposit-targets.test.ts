import { describe, expect, it } from "vitest";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { depositTargets } from "@/lib/portal/webhooks/webhooks-api";

const account = (accountNumber: string) =>
  ({
    accountNumber,
    nickname: `Account ${accountNumber}`,
    accountSubType: "CHK",
    status: "Active",
    availableBalance: { currency: "USD", amount: "1.00" },
  }) as TAccountSummary;
const listed = (virtualAccountNumber: string, category: string, accountName = "Deposit") =>
  ({ virtualAccountNumber, category, accountName, accountHolderName: accountName, currency: "USD" }) as TVirtualAccount;

describe("sandbox deposit targets", () => {
  it("lists the settlement and parent accounts once, with the accounts, not again with the virtual accounts", () => {
    const targets = depositTargets(
      [account("2000123001"), account("2000123002")],
      [
        listed("2000123001", "CMS Settlement"),
        listed("2000123002", "CMS Parent Cate"),
        listed("VA-1", "CMS Sub Acct"),
        listed("VA-2", "CMS Sub Acct", "UNALLOCATED"),
      ],
    );
    const numbers = [...targets.accounts, ...targets.virtualAccounts].map((t) => t.accountNumber);
    expect(numbers).toEqual(["2000123001", "2000123002", "VA-1", "VA-2"]);
    expect(targets.virtualAccounts.map((t) => t.label)).toEqual(["Deposit", "Unallocated"]);
  });
});
