import { describe, expect, it } from "vitest";
import { parsePain001 } from "@/lib/contract/payment-runs/pain001";

const tx = (inner: string) => `<CdtTrfTxInf>${inner}</CdtTrfTxInf>`;

function pain001(transactions: string[], debtor = "1000000001"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
  <CstmrCdtTrfInitn>
    <GrpHdr><MsgId>RUN-1</MsgId><CreDtTm>2026-11-27T09:00:00Z</CreDtTm><NbOfTxs>${transactions.length}</NbOfTxs><InitgPty><Nm>Acme</Nm></InitgPty></GrpHdr>
    <PmtInf>
      <PmtInfId>P1</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>
      <Dbtr><Nm>Acme</Nm></Dbtr><DbtrAcct><Id><Othr><Id>${debtor}</Id></Othr></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BICFI>HRBRBMHM</BICFI></FinInstnId></DbtrAgt>
      ${transactions.join("\n")}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>`;
}

const ach = (id: string, amount = "10.00") =>
  tx(
    `<PmtId><EndToEndId>${id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">${amount}</InstdAmt></Amt>` +
      `<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>BUTTERFIELD</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>` +
      `<Cdtr><Nm>Jane Doe</Nm></Cdtr><CdtrAcct><Id><Othr><Id>123456789</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>Salary</Ustrd></RmtInf>`,
  );

describe("parsePain001", () => {
  it("maps ACH, SWIFT and own-account transactions with their amounts as exact text", () => {
    const swift = tx(
      `<PmtId><InstrId>X</InstrId><EndToEndId>SW-1</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">1000.10</InstdAmt></Amt><ChrgBr>DEBT</ChrgBr>` +
        `<CdtrAgt><FinInstnId><BICFI>DEUTDEFF</BICFI></FinInstnId></CdtrAgt><Cdtr><Nm>Supplier GmbH</Nm></Cdtr>` +
        `<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct><RmtInf><Ustrd>Invoice 7</Ustrd><Ustrd>PO 9</Ustrd></RmtInf>`,
    );
    const own = tx(
      `<PmtId><EndToEndId>NOTPROVIDED</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">5</InstdAmt></Amt><CdtrAcct><Id><Othr><Id>1000000002</Id></Othr></Id></CdtrAcct>`,
    );
    const result = parsePain001(pain001([ach("ACH-1", "0012.50"), swift, own]), new Set(["1000000001", "1000000002"]));
    expect(result.problems).toEqual([]);
    expect(result.endToEndIds).toEqual(["ACH-1", "SW-1", "NOTPROVIDED"]);
    expect(result.items.map((i) => i.rail)).toEqual(["ACH", "SWIFT", "INTERNAL"]);
    expect(result.items[0]!.request).toMatchObject({ instructionIdentification: "ACH-1", instructedAmount: { amount: "0012.50", currency: "USD" } });
    expect(result.items[1]!.request).toMatchObject({
      chargesType: "OUR",
      creditorAgent: { identification: "DEUTDEFF" },
      remittanceInformation: ["Invoice 7", "PO 9"],
    });
    expect(result.items[2]!.request.instructionIdentification).toBeUndefined();
  });

  it("gives every transaction of a block the block's ReqdExctnDt as requestedExecutionDate (Dt, or the date DtTm is written on)", () => {
    expect(parsePain001(pain001([ach("D-1"), ach("D-2")])).items.map((i) => i.request.requestedExecutionDate)).toEqual(["2026-11-27", "2026-11-27"]);
    const withTime = pain001([ach("T-1")]).replace("<Dt>2026-11-27</Dt>", "<DtTm>2026-12-01T23:30:00-04:00</DtTm>");
    expect(parsePain001(withTime).items[0]!.request.requestedExecutionDate).toBe("2026-12-01");
  });

  it("names every bad transaction by its EndToEndId, a long EndToEndId and a repeated one included", () => {
    const noName = ach("ACH-2").replace("<Cdtr><Nm>Jane Doe</Nm></Cdtr>", "");
    const result = parsePain001(pain001([ach("ACH-1"), noName, ach("A-VERY-LONG-END-TO-END-ID"), ach("ACH-1"), ach("ACH-3", "1.234")]));
    expect(result.problems.map((p) => `${p.endToEndId} ${p.field}`)).toEqual([
      "ACH-2 request.creditorAccount.name",
      "A-VERY-LONG-END-TO-END-ID PmtId.EndToEndId",
      "ACH-3 request.instructedAmount.amount",
      "ACH-1 PmtId.EndToEndId",
    ]);
  });

  it("refuses what is not a well-formed pain.001.001.09 document", () => {
    expect(parsePain001("<Document><oops></Document>").problems[0]!.message).toMatch(/not well-formed/);
    expect(parsePain001(pain001([ach("A")]).replace("pain.001.001.09", "pain.001.001.03")).problems[0]!.message).toMatch(/pain\.001\.001\.09/);
  });
});
