import { describe, expect, it } from "vitest";
import {
  editRunCell,
  loadRunCsv,
  loadRunPain001,
  looksLikeXml,
  reviewState,
  rowLabel,
  runIssuesByRow,
  shownColumns,
  toggleDropped,
  totalsPerDebitAccount,
} from "@/lib/portal/payment-runs/run-upload";
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

describe("a pain.001 file under review", () => {
  const tx = (id: string, amount: string, name = "Jane Tucker") =>
    `<CdtTrfTxInf><PmtId><EndToEndId>${id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">${amount}</InstdAmt></Amt>` +
    `<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>BANK_A</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>` +
    `<Cdtr><Nm>${name}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>0987654321</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>Salary</Ustrd></RmtInf></CdtTrfTxInf>`;
  const doc = (...transactions: string[]) => `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>
  <GrpHdr><MsgId>PAY-NOV</MsgId><CreDtTm>2026-11-27T09:00:00Z</CreDtTm><NbOfTxs>${transactions.length}</NbOfTxs><InitgPty><Nm>Acme</Nm></InitgPty></GrpHdr>
  <PmtInf><PmtInfId>P1</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt><Dbtr><Nm>Acme</Nm></Dbtr>
  <DbtrAcct><Id><Othr><Id>1000123456</Id></Othr></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>HRBRBMHM</BICFI></FinInstnId></DbtrAgt>
  ${transactions.join("")}</PmtInf></CstmrCdtTrfInitn></Document>`;

  it("is told from a CSV by its markup, and each transaction becomes a row named by its EndToEndId, checked by the rail's schema", () => {
    const xml = doc(tx("E2E-1", "10.00"), tx("E2E-2", "5.00", "A name far longer than ACH allows"));
    expect(looksLikeXml(xml)).toBe(true);
    expect(looksLikeXml(FILE)).toBe(false);
    const upload = loadRunPain001("run.xml", xml, new Set(["1000123456"]));
    expect(upload.fileErrors).toEqual([]);
    expect([0, 1].map((i) => rowLabel(upload, i))).toEqual(["E2E-1", "E2E-2"]);
    expect(upload.columns).not.toContain("creditorAgentBic");
    const state = reviewState(upload);
    expect([...state.errors.keys()]).toEqual([1]);
    expect(state.errors.get(1)).toHaveProperty("creditorName");
    expect(upload.pain001?.changed).toBe(false);
  });

  it("marks the file changed once a row is fixed or dropped (the rows are then sent, not the document)", () => {
    const upload = loadRunPain001("run.xml", doc(tx("E2E-1", "10.00"), tx("E2E-2", "5.00")), new Set(["1000123456"]));
    expect(toggleDropped(upload, 1).pain001?.changed).toBe(true);
    expect(editRunCell(upload, 0, "amount", "11.00").pain001?.changed).toBe(true);
    expect(reviewState(upload).items.map((i) => i.request.instructionIdentification)).toEqual(["E2E-1", "E2E-2"]);
  });

  it("lists a document's mapping problems by EndToEndId and has no rows", () => {
    const upload = loadRunPain001("run.xml", doc(tx("AN-END-TO-END-ID-OVER-16", "1.00")), new Set());
    expect(upload.rows).toEqual([]);
    expect(upload.fileErrors.join(" ")).toContain("AN-END-TO-END-ID-OVER-16");
  });
});
