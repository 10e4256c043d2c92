import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { z } from "zod";
import { fieldPath } from "@/lib/contract/validation";
import { duplicateInstructionIssues, MAX_RUN_ITEMS, ZPaymentRunItem, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";

/**
 * ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiation) to payment-run
 * items (docs/payment-runs.md, the mapping table). Pure and browser-safe: the
 * portal checks an upload with exactly the server's mapping. The XML is parsed
 * by fast-xml-parser (never split by hand); the server also validates the
 * document against the message's XSD before mapping (lib/server/domain/payment-runs/xsd.ts).
 */

export const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
/** ISO's "no reference given" EndToEndId: the item then has no instructionIdentification. */
const NOT_PROVIDED = "NOTPROVIDED";
const MAX_INSTRUCTION_ID = 16;

/** A problem with one transaction (named by its EndToEndId) or with the whole document (endToEndId null). */
/** `inRow`: a problem of a transaction that mapped to a rail, which checking that transaction as a run row finds too (the portal fixes it in place). */
export type TPain001Problem = { endToEndId: string | null; field: string | null; message: string; inRow?: true };

/** Per item, its EndToEndId and its PmtInf's PmtInfId (what a pain.002 report names); the GrpHdr's MsgId. */
export type TPain001Result = {
  items: TPaymentRunItem[];
  endToEndIds: string[];
  paymentInfoIds: string[];
  messageId: string | null;
  problems: TPain001Problem[];
  /** Every transaction that mapped to a rail, before its schema check: what the portal lays out as rows to fix or drop. */
  mapped: Array<{ endToEndId: string; paymentInfoId: string; item: TPaymentRunItem }>;
};

type Node = Record<string, unknown>;

const ARRAYS = new Set(["PmtInf", "CdtTrfTxInf", "Ustrd", "AdrLine"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Prefixes are dropped from element names by hand so the namespace declarations stay readable (removeNSPrefix drops them).
  transformTagName: (name) => name.slice(name.indexOf(":") + 1),
  // Every value stays text: amounts and ids must not become numbers (a float would lose cents, "0012" its zeros).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

const node = (value: unknown): Node | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** The text of an element (a leaf, or one with attributes whose text is `#text`). */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const n = node(value);
  return typeof n?.["#text"] === "string" ? n["#text"] : undefined;
}

function at(root: unknown, ...path: string[]): unknown {
  let current: unknown = root;
  for (const key of path) current = node(current)?.[key];
  return current;
}

/** An account identification: the IBAN, or the other (proprietary) identification. */
function accountId(account: unknown): string | undefined {
  return text(at(account, "Id", "IBAN")) ?? text(at(account, "Id", "Othr", "Id"));
}

/** ChrgBr (ISO ChargeBearerType1Code) to the SWIFT rail's chargesType; SLEV (service level) shares the charges. */
const CHARGES: Readonly<Record<string, "OUR" | "BEN" | "SHA">> = { DEBT: "OUR", CRED: "BEN", SHAR: "SHA", SLEV: "SHA" };

type Context = { debtor: string | undefined; chargeBearer: string | undefined; ownAccounts: ReadonlySet<string> };

/** One CdtTrfTxInf as a run item, or a problem naming what is missing. */
function mapTransaction(tx: unknown, ctx: Context, endToEndId: string): TPaymentRunItem | TPain001Problem {
  const problem = (field: string | null, message: string): TPain001Problem => ({ endToEndId, field, message });
  if (endToEndId.length > MAX_INSTRUCTION_ID) {
    return problem("PmtId.EndToEndId", `EndToEndId must be at most ${MAX_INSTRUCTION_ID} characters to be the payment's instructionIdentification`);
  }
  const instructionIdentification = endToEndId === NOT_PROVIDED ? undefined : endToEndId;
  const debtorAccount = { identification: ctx.debtor ?? "" };
  const instructed = at(tx, "Amt", "InstdAmt");
  const equivalent = at(tx, "Amt", "EqvtAmt");
  const remittance = list(at(tx, "RmtInf", "Ustrd")).map((line) => text(line) ?? "");
  const creditorAccount = accountId(at(tx, "CdtrAcct"));
  const creditorName = text(at(tx, "Cdtr", "Nm"));
  const agent = at(tx, "CdtrAgt", "FinInstnId");
  const bic = text(at(agent, "BICFI"));
  const memberId = text(at(agent, "ClrSysMmbId", "MmbId"));
  const amount = text(instructed);
  const currency = text(at(instructed, "@Ccy"));
  if (creditorAccount === undefined) return problem("CdtrAcct.Id", "the creditor account is missing");

  if (ctx.ownAccounts.has(creditorAccount)) {
    if (amount === undefined) return problem("Amt.InstdAmt", "a transfer between own accounts needs InstdAmt");
    return {
      rail: "INTERNAL",
      request: {
        instructionIdentification,
        debtorAccount,
        creditorAccount: { identification: creditorAccount },
        instructedAmount: { currency: currency ?? "", amount },
        ...(remittance.length ? { remittanceInformation: remittance } : {}),
      },
    };
  }
  if (bic !== undefined) {
    const chargeBearer = text(at(tx, "ChrgBr")) ?? ctx.chargeBearer ?? "SHAR";
    const chargesType = CHARGES[chargeBearer];
    if (!chargesType) return problem("ChrgBr", `ChrgBr ${chargeBearer} is not DEBT, CRED, SHAR or SLEV`);
    const address = list(at(tx, "Cdtr", "PstlAdr", "AdrLine")).map((line) => text(line) ?? "");
    const intermediary = text(at(tx, "IntrmyAgt1", "FinInstnId", "BICFI"));
    const amounts =
      equivalent !== undefined
        ? {
            debitAmount: { currency: text(at(equivalent, "Amt", "@Ccy")) ?? "", amount: text(at(equivalent, "Amt")) ?? "" },
            instructedAmount: { currency: text(at(equivalent, "CcyOfTrf")) ?? "" },
          }
        : { instructedAmount: { currency: currency ?? "", amount: amount ?? "" } };
    return {
      rail: "SWIFT",
      request: {
        instructionIdentification,
        debtorAccount,
        ...amounts,
        creditorAccount: { identification: creditorAccount, name: creditorName ?? "", ...(address.length ? { additionalInformation: address } : {}) },
        creditorAgent: { identification: bic, ...(text(at(agent, "Nm")) ? { name: text(at(agent, "Nm")) } : {}) },
        ...(intermediary ? { intermediaryAgent: { identification: intermediary } } : {}),
        chargesType,
        remittanceInformation: remittance,
      },
    } as TPaymentRunItem;
  }
  if (memberId !== undefined) {
    if (amount === undefined) return problem("Amt.InstdAmt", "an ACH payment needs InstdAmt");
    return {
      rail: "ACH",
      request: {
        instructionIdentification,
        debtorAccount,
        debitCurrency: currency ?? "",
        instructedAmount: { amount, currency: currency ?? "" },
        creditorAccount: { identification: creditorAccount, name: creditorName ?? "" },
        creditorBank: { bankCode: memberId, currency: currency ?? "" },
        remittanceInformation: remittance,
      },
    } as TPaymentRunItem;
  }
  return problem(
    "CdtrAgt.FinInstnId",
    "the creditor agent needs a BICFI (SWIFT) or a ClrSysMmbId.MmbId bank code (ACH), or the creditor account must be one of yours",
  );
}

/**
 * The block's ReqdExctnDt as the rails' requestedExecutionDate (docs/payment-runs.md): its `Dt`, or the date written in
 * its `DtTm` (the file's own calendar day, as a person reads it; no time zone arithmetic on a day the payer chose).
 * The rails' rules then apply to it: today pays now, a later day schedules, an earlier day is refused.
 */
function executionDateOfBlock(block: unknown): string | undefined {
  return text(at(block, "ReqdExctnDt", "Dt")) ?? text(at(block, "ReqdExctnDt", "DtTm"))?.slice(0, 10);
}

/** Zod's issues on a mapped item, named by the transaction's EndToEndId. */
function issuesOf(error: z.ZodError, endToEndId: string): TPain001Problem[] {
  return error.issues.map((issue) => ({ endToEndId, field: fieldPath(issue.path), message: issue.message, inRow: true as const }));
}

/**
 * Maps a pain.001.001.09 document to run items, checking each with the rails'
 * own schemas. `ownAccounts` are the payer's account numbers: a creditor
 * account among them makes the transaction an INTERNAL transfer. Every problem
 * is collected; `items` is only meaningful when `problems` is empty.
 */
export function parsePain001(xml: string, ownAccounts: ReadonlySet<string> = new Set()): TPain001Result {
  const fail = (message: string): TPain001Result => ({
    items: [],
    endToEndIds: [],
    paymentInfoIds: [],
    messageId: null,
    problems: [{ endToEndId: null, field: null, message }],
    mapped: [],
  });
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return fail(`The document is not well-formed XML (line ${wellFormed.err.line}: ${wellFormed.err.msg}).`);
  const document = node(parser.parse(xml))?.["Document"];
  const declared = Object.entries(node(document) ?? {}).some(([key, value]) => (key === "@xmlns" || key.startsWith("@xmlns:")) && value === PAIN_001_NAMESPACE);
  const initiation = at(document, "CstmrCdtTrfInitn");
  if (!node(initiation) || !declared) {
    return fail(`The document must be a pain.001.001.09 Document (namespace ${PAIN_001_NAMESPACE}) with a CstmrCdtTrfInitn.`);
  }
  const items: TPaymentRunItem[] = [];
  const endToEndIds: string[] = [];
  const paymentInfoIds: string[] = [];
  const problems: TPain001Problem[] = [];
  const mappedItems: TPain001Result["mapped"] = [];
  const blocks = list(at(initiation, "PmtInf"));
  if (blocks.length === 0) return fail("The document has no PmtInf.");
  blocks.forEach((block, b) => {
    const ctx: Context = { debtor: accountId(at(block, "DbtrAcct")), chargeBearer: text(at(block, "ChrgBr")), ownAccounts };
    const requestedExecutionDate = executionDateOfBlock(block);
    if (ctx.debtor === undefined) problems.push({ endToEndId: null, field: `PmtInf[${b}].DbtrAcct.Id`, message: "the debtor account is missing" });
    list(at(block, "CdtTrfTxInf")).forEach((tx, t) => {
      const endToEndId = text(at(tx, "PmtId", "EndToEndId"));
      if (endToEndId === undefined) {
        problems.push({ endToEndId: null, field: `PmtInf[${b}].CdtTrfTxInf[${t}].PmtId.EndToEndId`, message: "EndToEndId is missing" });
        return;
      }
      const mapped = mapTransaction(tx, ctx, endToEndId);
      if ("message" in mapped) return void problems.push(mapped);
      if (requestedExecutionDate !== undefined) mapped.request.requestedExecutionDate = requestedExecutionDate;
      const paymentInfoId = text(at(block, "PmtInfId")) ?? `PMTINF${b + 1}`;
      mappedItems.push({ endToEndId, paymentInfoId, item: mapped });
      const checked = ZPaymentRunItem.safeParse(mapped);
      if (!checked.success) return void problems.push(...issuesOf(checked.error, endToEndId));
      items.push(checked.data as TPaymentRunItem);
      endToEndIds.push(endToEndId);
      paymentInfoIds.push(paymentInfoId);
    });
  });
  if (items.length + problems.length === 0) return fail("The document has no CdtTrfTxInf.");
  if (items.length > MAX_RUN_ITEMS) return fail(`A run has at most ${MAX_RUN_ITEMS} transactions; this document has ${items.length}.`);
  for (const duplicate of duplicateInstructionIssues(items)) {
    problems.push({
      endToEndId: endToEndIds[duplicate.index]!,
      field: "PmtId.EndToEndId",
      message: `EndToEndId ${endToEndIds[duplicate.index]} is used twice on one rail`,
      inRow: true,
    });
  }
  return { items, endToEndIds, paymentInfoIds, messageId: text(at(initiation, "GrpHdr", "MsgId")) ?? null, problems, mapped: mappedItems };
}
