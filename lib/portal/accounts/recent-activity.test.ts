import { describe, expect, it } from "vitest";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { accountsToAsk, mergeRecent, RECENT_ACCOUNTS_LIMIT, recentTransactionsParams } from "@/lib/portal/accounts/recent-activity";

const account = (accountNumber: string, status = "Active") => ({ accountNumber, nickname: null, status }) as TAccountSummary;
const tx = (transactionId: string, bookingDateTime: string) => ({ transactionId, bookingDateTime }) as TTransaction;

describe("dashboard recent activity", () => {
  it("merges each account's newest postings newest first, by instant, and keeps only the newest few", () => {
    const merged = mergeRecent(
      [
        { account: account("1"), transactions: [tx("TX-5", "2026-11-24T10:00:00-04:00"), tx("TX-1", "2026-11-20T10:00:00-04:00")] },
        // 13:30 UTC: after 09:00-04:00 (13:00 UTC) although its local time reads earlier.
        { account: account("2"), transactions: [tx("TX-4", "2026-11-24T10:30:00-03:00"), tx("TX-3", "2026-11-24T09:00:00-04:00")] },
      ],
      3,
    );
    expect(merged.map((t) => `${t.account.accountNumber}:${t.transactionId}`)).toEqual(["1:TX-5", "2:TX-4", "2:TX-3"]);
  });

  it("equal instants keep one order, by transaction id", () => {
    const at = "2026-11-24T10:00:00-04:00";
    const merged = mergeRecent([
      { account: account("1"), transactions: [tx("TX-7", at)] },
      { account: account("2"), transactions: [tx("TX-8", at)] },
    ]);
    expect(merged.map((t) => t.transactionId)).toEqual(["TX-8", "TX-7"]);
  });

  it("asks active accounts first and at most the limit", () => {
    const many = [account("0", "INACTIVE"), ...Array.from({ length: RECENT_ACCOUNTS_LIMIT + 5 }, (_, i) => account(String(i + 1)))];
    const asked = accountsToAsk(many);
    expect(asked).toHaveLength(RECENT_ACCOUNTS_LIMIT);
    expect(asked[0]!.accountNumber).toBe("1");
    expect(asked.some((a) => a.status === "INACTIVE")).toBe(false);
    expect(accountsToAsk([account("0", "INACTIVE"), account("1")]).map((a) => a.accountNumber)).toEqual(["1", "0"]);
  });

  it("one small page per account", () => {
    expect(recentTransactionsParams("1000123456")).toEqual({ path: { accountNumber: "1000123456" }, query: { pageSize: 8 } });
  });
});
