import { describe, expect, it } from "vitest";
import { editRunCell, loadRunCsv, reviewState, runIssuesByRow, shownColumns, toggleDropped, totalsPerDebitAccount } from "@/lib/portal/payment-runs/run-upload";
import { totalsByCurrency } from "@/lib/contract/payment-runs/schema";
import { runResultsCsv } from "@/lib/portal/payment-runs/runs-api";

const HEADER = "rail,instructionIdentification,debtorAccount,amount,currency,creditorAccount,creditorName,bankCode,remittance1";
const FILE = [
  HEADER,
  "ACH,A-1,1000123456,10.10,USD,0987654321,Jane Tucker,BANK_A,Salary",
  "ACH,A-2,1000123456,0.001,USD,0987654322,John Tucker,BANK_A,Salary",
  "ACH,A-1,1000123457,5.00,BMD,0987654323,Ann Lee,BANK_B,Salary",
  "INTERNAL,A-4,1000123456,0.20,USD,1000123460,,,Sweep",
].join("\r\n");

describe("a payment run file under review", () => {
  it("flags each bad row, duplicates among the rows kept, and sends only when every kept row is good", () => {
    let upload = loadRunCsv("run.csv", FILE);
    let state = reviewState(upload);
    expect([...state.errors.keys()]).toEqual([1, 2]);
    expect(state.errors.get(1)).toEqual({ amount: ["amount must be a non-negative decimal with at most 2 decimal places"] });
    expect(state.errors.get(2)).toEqual({ instructionIdentification: ["repeats the instruction id of line 2"] });
    expect(state.ready).toBe(false);

    upload = editRunCell(upload, 1, "amount", "0.01");
    upload = toggleDropped(upload, 0);
    state = reviewState(upload);
    expect(state.errors.size).toBe(0);
    expect(state.ready).toBe(true);
    expect(state.itemRows).toEqual([1, 2, 3]);
    expect(totalsByCurrency(state.items)).toEqual([
      { currency: "BMD", amount: "5.00", count: 1 },
      { currency: "USD", amount: "0.21", count: 2 },
    ]);
    expect(totalsPerDebitAccount(state.items).map((t) => `${t.debtorAccount} ${t.currency} ${t.amount}`)).toEqual([
      "1000123456 USD 0.21",
      "1000123457 BMD 5.00",
    ]);
  });

  it("puts the API's refusals of the items sent on the rows they came from, and counts what names no row", () => {
    const upload = toggleDropped(loadRunCsv("run.csv", FILE), 0);
    const { placed, unplaced } = runIssuesByRow(
      [
        { field: "items[0].request.creditorAccount.name", message: "refused" },
        { field: "items[2].request.remittanceInformation[0]", message: "too long" },
        { field: "items[9].request.amount", message: "no such item" },
        { field: null, message: "whole file" },
      ],
      [1, 2, 3],
    );
    expect([...placed]).toEqual([
      [1, { creditorName: ["refused"] }],
      [3, { remittance1: ["too long"] }],
    ]);
    expect(unplaced).toBe(2);
    expect(shownColumns(upload, new Map([[3, { debitAmount: ["x"] }]]))).toContain("debitAmount");
  });

  it("writes the results with the file's lines, formula cells guarded", () => {
    const csv = runResultsCsv(
      [
        { index: 0, status: "Created", paymentId: "p-1", transactionStatus: "Pending", endToEndId: "A-1", error: null },
        {
          index: 1,
          status: "Failed",
          paymentId: "p-2",
          transactionStatus: "Failed",
          endToEndId: "=cmd",
          error: { code: "AM04", message: "Insufficient funds" },
        },
      ],
      [3, 5],
    );
    expect(csv.split("\r\n")).toEqual([
      "index,line,status,paymentId,transactionStatus,endToEndId,errorCode,errorMessage",
      "0,3,Created,p-1,Pending,A-1,,",
      "1,5,Failed,p-2,Failed,'=cmd,AM04,Insufficient funds",
      "",
    ]);
  });
});
