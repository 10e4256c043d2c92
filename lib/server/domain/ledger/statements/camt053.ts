import "server-only";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { formatAmount } from "@/lib/contract/money";
import type { StatementFormat, StatementMeta } from "@/lib/server/domain/ledger/statements/format";

/**
 * ISO 20022 BankToCustomerStatement, camt.053.001.08 (docs/ledger.md): the
 * group header, one statement with the opening (OPBD) and closing (CLBD)
 * booked balances, one booked entry per posting with its bank transaction
 * code (proprietary: the transaction kind), references, related party and
 * unstructured remittance lines. Elements in the schema's order.
 */
const NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";

const escapeXml = (text: string) =>
  // Characters XML 1.0 cannot carry at all are dropped; markup characters escaped.
  text
    // eslint-disable-next-line no-control-regex -- XML 1.0's own character set names tab, LF and CR
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** Max35Text and friends: cut to the schema's length after escaping nothing away. */
const text = (value: string, max: number) => escapeXml(value.slice(0, max));

const amount = (minor: bigint, currency: string) => `<Amt Ccy="${currency}">${formatAmount(minor < 0n ? -minor : minor, currency)}</Amt>`;

function balance(code: "OPBD" | "CLBD", minor: bigint, date: string, currency: string): string {
  return (
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(minor, currency)}` +
    `<CdtDbtInd>${minor < 0n ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`
  );
}

function relatedParty(t: TTransaction): string {
  const party = t.counterparty;
  if (!party) return "";
  // The other side: the creditor of a debit, the debtor of a credit.
  const role = t.type === "Debit" ? ["Cdtr", "CdtrAcct"] : ["Dbtr", "DbtrAcct"];
  const name = party.name ? `<${role[0]}><Pty><Nm>${text(party.name, 140)}</Nm></Pty></${role[0]}>` : "";
  const account = party.accountNumber ? `<${role[1]}><Id><Othr><Id>${text(party.accountNumber, 34)}</Id></Othr></Id></${role[1]}>` : "";
  return name || account ? `<RltdPties>${name}${account}</RltdPties>` : "";
}

function entry(t: TTransaction): string {
  const minor = t.amount.amount;
  const refs =
    `<Refs><AcctSvcrRef>${text(t.transactionId, 35)}</AcctSvcrRef>` +
    (t.references.instructionIdentification ? `<InstrId>${text(t.references.instructionIdentification, 35)}</InstrId>` : "") +
    `<EndToEndId>${text(t.references.paymentId ?? t.references.reference, 35)}</EndToEndId></Refs>`;
  const remittance = [...t.remittanceInformation, ...(t.references.payerReference ? [t.references.payerReference] : [])];
  return (
    `<Ntry><NtryRef>${text(t.transactionId, 35)}</NtryRef><Amt Ccy="${t.amount.currency}">${minor}</Amt>` +
    `<CdtDbtInd>${t.type === "Credit" ? "CRDT" : "DBIT"}</CdtDbtInd>${t.kind === "Reversal" ? "<RvslInd>true</RvslInd>" : ""}` +
    `<Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>${t.bookingDateTime}</DtTm></BookgDt><ValDt><Dt>${t.valueDate}</Dt></ValDt>` +
    `<AcctSvcrRef>${text(t.transactionId, 35)}</AcctSvcrRef><BkTxCd><Prtry><Cd>${t.kind}</Cd><Issr>HARBOUR</Issr></Prtry></BkTxCd>` +
    `<NtryDtls><TxDtls>${refs}${relatedParty(t)}` +
    (remittance.length ? `<RmtInf>${remittance.map((line) => `<Ustrd>${text(line, 140)}</Ustrd>`).join("")}</RmtInf>` : "") +
    (t.returnReason ? `<RtrInf><Rsn><Cd>${t.returnReason.code}</Cd></Rsn><AddtlInf>${text(t.returnReason.description, 105)}</AddtlInf></RtrInf>` : "") +
    `</TxDtls></NtryDtls></Ntry>\n`
  );
}

function header(meta: StatementMeta): string {
  const created = meta.createdAt.toISOString();
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${NAMESPACE}"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>${text(meta.statementId, 35)}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${text(meta.statementId, 35)}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>${created}</CreDtTm>` +
    `<FrToDt><FrDtTm>${meta.fromDate}T00:00:00</FrDtTm><ToDtTm>${meta.toDate}T23:59:59</ToDtTm></FrToDt>` +
    `<Acct><Id><Othr><Id>${text(meta.accountNumber, 34)}</Id></Othr></Id><Ccy>${meta.currency}</Ccy><Nm>${text(meta.accountName, 70)}</Nm></Acct>` +
    `${balance("OPBD", meta.openingMinor, meta.fromDate, meta.currency)}${balance("CLBD", meta.closingMinor, meta.toDate, meta.currency)}\n`
  );
}

export const camt053Statement: StatementFormat = {
  contentType: "application/xml; charset=utf-8",
  extension: "xml",
  header,
  entry,
  footer: () => `</Stmt></BkToCstmrStmt></Document>\n`,
};
