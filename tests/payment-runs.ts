import { POST as createRoute } from "@/app/v1/payment-batches/route";
import { GET as getJob } from "@/app/v1/jobs/[jobId]/route";
import { GET as getResults } from "@/app/v1/jobs/[jobId]/results/route";
import { ACME_USD, achBody } from "@/tests/payments";
import { call, tokenFor, type ApiResponse } from "@/tests/api";
import { bankLocalParts } from "@/lib/contract/time/bank-time";

/** Shared fixtures for the payment-run integration tests. */

export const achItem = (i: number, overrides: Record<string, unknown> = {}) => ({
  rail: "ACH",
  request: achBody({ instructionIdentification: `RUN-${i}`, instructedAmount: { amount: "1.00", currency: "USD" }, ...overrides }),
});

export type RunResult = {
  index: number;
  status: string;
  paymentId: string | null;
  transactionStatus: string | null;
  endToEndId: string | null;
  error: { code: string; message: string } | null;
};

export async function postRun(
  body: unknown,
  options: { token?: string; key?: string; contentType?: string } = {},
): Promise<ApiResponse<{ jobId: string; status: string; details?: Array<{ field: string | null; code: string }> }>> {
  const headers: Record<string, string> = {};
  if (options.key) headers["idempotency-key"] = options.key;
  const token = options.token ?? (await tokenFor("acme"));
  if (typeof body === "string") {
    headers["content-type"] = options.contentType ?? "text/csv";
    return call(createRoute, "/v1/payment-batches", { method: "POST", token, rawBody: body, headers });
  }
  return call(createRoute, "/v1/payment-batches", { method: "POST", token, body, headers });
}

export async function runStatus(jobId: string) {
  return call<{ status: string; processedItems: number; succeededItems: number; failedItems: number }>(getJob, `/v1/jobs/${jobId}`, {
    token: await tokenFor("acme"),
    params: { jobId },
  });
}

export async function runResults(jobId: string, accept = "application/json", query = "?pageSize=1000") {
  return call<{ data: RunResult[]; meta: { pagination: { total_size: number } } }>(getResults, `/v1/jobs/${jobId}/results${query}`, {
    token: await tokenFor("acme"),
    params: { jobId },
    headers: { accept },
  });
}

/** A pain.001.001.09 document with one PmtInf debiting `debtor`, to be executed today (bank time). */
export function pain001(transactions: string[], debtor = ACME_USD): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
  <CstmrCdtTrfInitn>
    <GrpHdr><MsgId>MSG-RUN-1</MsgId><CreDtTm>2026-11-27T09:00:00Z</CreDtTm><NbOfTxs>${transactions.length}</NbOfTxs><InitgPty><Nm>Acme</Nm></InitgPty></GrpHdr>
    <PmtInf>
      <PmtInfId>PMT-1</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>${bankLocalParts(new Date()).date}</Dt></ReqdExctnDt>
      <Dbtr><Nm>Acme</Nm></Dbtr><DbtrAcct><Id><Othr><Id>${debtor}</Id></Othr></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BICFI>HRBRBMHM</BICFI></FinInstnId></DbtrAgt>
      ${transactions.join("\n      ")}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>`;
}

export const achTx = (id: string, amount = "2.00", name = "Jane Doe") =>
  `<CdtTrfTxInf><PmtId><EndToEndId>${id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">${amount}</InstdAmt></Amt>` +
  `<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>BANK_A</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>` +
  `<Cdtr><Nm>${name}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>20004455667</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>Salary</Ustrd></RmtInf></CdtTrfTxInf>`;

export const swiftTx = (id: string) =>
  `<CdtTrfTxInf><PmtId><EndToEndId>${id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">3.00</InstdAmt></Amt><ChrgBr>SHAR</ChrgBr>` +
  `<CdtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></CdtrAgt><Cdtr><Nm>Rhein Logistik GmbH</Nm></Cdtr>` +
  `<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct><RmtInf><Ustrd>Freight</Ustrd></RmtInf></CdtTrfTxInf>`;
