import "server-only";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { formatAmount } from "@/lib/contract/money";
import type { StatementFormat, StatementMeta } from "@/lib/server/domain/ledger/statements/format";

/**
 * ISO 20022 BankToCustomerStatement, camt.053.001.08 (docs/ledger.md): the
 * group header, one statement with the opening (OPBD) and closing (CLBD)
 * booked balances and the closing available one (CLAV, pending debits deducted), one booked entry per posting with its bank transaction
 * code (proprietary: the transaction kind), references, related party and
 * unstructured remittance lines. Elements in the schema's order.
 */
const NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * ISO 20022 text (Max35Text, Max140Text, ...): one line of characters XML 1.0 can carry, at most `max` of them
 * (characters, not UTF-16 units: an emoji is one, and is never cut in half), trimmed, escaped. Controls and line
 * or paragraph separators become spaces (a tab or line break in a payer's text would be read as structure by
 * line-based importers; CR is not even kept by an XML parser); lone surrogates and non-characters are dropped.
 * "" when nothing is left: the schema's texts have a minimum length of 1, so the caller leaves the element out.
 */
function isoText(value: string, max: number): string {
  const oneLine = value
    // eslint-disable-next-line no-control-regex -- C0 and C1 controls are what this removes
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return escapeXml(Array.from(oneLine).slice(0, max).join("").trimEnd());
}

/** An optional text element: left out when its text is empty. */
const optional = (tag: string, value: string | null | undefined, max: number) => {
  const content = value ? isoText(value, max) : "";
  return content ? `<${tag}>${content}</${tag}>` : "";
};

/** A required identifier: ISO 20022's NOTPROVIDED when nothing of it is left (EndToEndId's own convention). */
const required = (value: string | null | undefined, max: number) => (value ? isoText(value, max) : "") || "NOTPROVIDED";

const amount = (minor: bigint, currency: string) => `<Amt Ccy="${currency}">${formatAmount(minor < 0n ? -minor : minor, currency)}</Amt>`;

function balance(code: "OPBD" | "CLBD" | "CLAV", minor: bigint, date: string, currency: string): string {
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
  const nm = optional("Nm", party.name, 140);
  const id = optional("Id", party.accountNumber, 34);
  const name = nm ? `<${role[0]}><Pty>${nm}</Pty></${role[0]}>` : "";
  const account = id ? `<${role[1]}><Id><Othr>${id}</Othr></Id></${role[1]}>` : "";
  return name || account ? `<RltdPties>${name}${account}</RltdPties>` : "";
}

function entry(t: TTransaction): string {
  const minor = t.amount.amount;
  const refs =
    `<Refs><AcctSvcrRef>${required(t.transactionId, 35)}</AcctSvcrRef>` +
    optional("InstrId", t.references.instructionIdentification, 35) +
    `<EndToEndId>${required(t.references.paymentId ?? t.references.reference, 35)}</EndToEndId></Refs>`;
  const remittance = [...t.remittanceInformation, ...(t.references.payerReference ? [t.references.payerReference] : [])]
    .map((line) => optional("Ustrd", line, 140))
    .join("");
  return (
    `<Ntry><NtryRef>${required(t.transactionId, 35)}</NtryRef><Amt Ccy="${t.amount.currency}">${minor}</Amt>` +
    `<CdtDbtInd>${t.type === "Credit" ? "CRDT" : "DBIT"}</CdtDbtInd>${t.kind === "Reversal" ? "<RvslInd>true</RvslInd>" : ""}` +
    `<Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>${t.bookingDateTime}</DtTm></BookgDt><ValDt><Dt>${t.valueDate}</Dt></ValDt>` +
    `<AcctSvcrRef>${required(t.transactionId, 35)}</AcctSvcrRef><BkTxCd><Prtry><Cd>${t.kind}</Cd><Issr>HARBOUR</Issr></Prtry></BkTxCd>` +
    `<NtryDtls><TxDtls>${refs}${relatedParty(t)}` +
    (remittance ? `<RmtInf>${remittance}</RmtInf>` : "") +
    (t.returnReason ? `<RtrInf><Rsn><Cd>${escapeXml(t.returnReason.code)}</Cd></Rsn>${optional("AddtlInf", t.returnReason.description, 105)}</RtrInf>` : "") +
    `</TxDtls></NtryDtls></Ntry>\n`
  );
}

function header(meta: StatementMeta): string {
  const created = meta.createdAt.toISOString();
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${NAMESPACE}"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>${required(meta.statementId, 35)}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${required(meta.statementId, 35)}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>${created}</CreDtTm>` +
    `<FrToDt><FrDtTm>${meta.fromDate}T00:00:00</FrDtTm><ToDtTm>${meta.toDate}T23:59:59</ToDtTm></FrToDt>` +
    `<Acct><Id><Othr><Id>${required(meta.accountNumber, 34)}</Id></Othr></Id><Ccy>${meta.currency}</Ccy>${optional("Nm", meta.accountName, 70)}</Acct>` +
    `${balance("OPBD", meta.openingMinor, meta.fromDate, meta.currency)}${balance("CLBD", meta.closingMinor, meta.toDate, meta.currency)}` +
    `${balance("CLAV", meta.closingAvailableMinor, meta.toDate, meta.currency)}\n`
  );
}

export const camt053Statement: StatementFormat = {
  contentType: "application/xml; charset=utf-8",
  extension: "xml",
  header,
  entry,
  footer: () => `</Stmt></BkToCstmrStmt></Document>\n`,
};
