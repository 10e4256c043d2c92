import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { XmlDocument } from "libxml2-wasm";
import { GET as getRun } from "@/app/v1/payment-batches/[batchId]/route";
import { GET as listRuns } from "@/app/v1/payment-batches/route";
import { GET as getJob } from "@/app/v1/jobs/[jobId]/route";
import { GET as getJobResults } from "@/app/v1/jobs/[jobId]/results/route";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_BMD, ACME_USD, achBody, balanceMinor, countPayments, setBalance, swiftBody } from "@/tests/payments";
import { achItem, achTx, pain001, postRun, runResults, runStatus, swiftTx } from "@/tests/payment-runs";
import { runOps } from "@/tests/ops";
import { approvalTeam } from "@/tests/approvals";
import { GET as getPayment } from "@/app/v1/payments/[paymentId]/route";
import { bankLocalParts } from "@/lib/contract/time/bank-time";

/** The client's runs, whatever their state: a refused file adds none. */
const runCount = async () => (await (await getRuntime()).db.query("SELECT 1 FROM payment_batches WHERE client_id = 'acme'")).rows.length;

describe("a JSON run", () => {
  it("makes each payment once with the rails' rules, items independent, results and a pain.002 an outside parser reads", async () => {
    await setBalance(ACME_USD, 1_000_000n);
    const items = [
      achItem(1),
      { rail: "SWIFT", request: swiftBody({ instructionIdentification: "RUN-SW-1", instructedAmount: { currency: "USD", amount: "5.00" } }) },
      {
        rail: "INTERNAL",
        request: {
          debtorAccount: { identification: ACME_USD },
          creditorAccount: { identification: ACME_BMD },
          instructedAmount: { currency: "USD", amount: "2.50" },
        },
      },
      achItem(2, { instructedAmount: { amount: "999999.00", currency: "USD" } }),
      achItem(3),
    ];
    // RUN-3 was already used on ACH: that item alone is rejected as a duplicate.
    await postRun({ items: [achItem(3)] }).then(async (r) => (expect(r.status).toBe(202), drainWorker()));
    const accepted = await postRun({ items, reference: "Suppliers week 48" });
    expect(accepted.status).toBe(202);
    expect(Object.keys(accepted.body).sort()).toEqual(["jobId", "resultUrl", "status", "statusUrl"]);
    expect(accepted.body.status).toBe("Pending");
    const jobId = accepted.body.jobId;
    expect((await runStatus(jobId)).body).toMatchObject({ status: "Pending", processedItems: 0 });

    expect(await drainWorker()).toBeGreaterThanOrEqual(1);
    expect((await runStatus(jobId)).body).toMatchObject({ status: "Completed", processedItems: 5, succeededItems: 3, failedItems: 2 });
    const results = (await runResults(jobId)).body.data;
    expect(results.map((r) => [r.index, r.status, r.transactionStatus, r.endToEndId, r.error?.code ?? null])).toEqual([
      [0, "Created", "Pending", "RUN-1", null],
      [1, "Created", "Pending", "RUN-SW-1", null],
      [2, "Created", "Completed", null, null],
      [3, "Failed", "Failed", "RUN-2", "INSUFFICIENT_FUNDS"],
      [4, "Rejected", null, "RUN-3", "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID"],
    ]);
    expect(results[4]!.paymentId).toBeNull();
    expect(await countPayments("client_id = 'acme' AND payment_id = ANY($1)", [results.flatMap((r) => (r.paymentId ? [r.paymentId] : []))])).toBe(4);

    const csv = await runResults(jobId, "text/csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n")[0]).toContain("data_4_error_code");

    const xml = await runResults(jobId, "application/xml");
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toContain("application/xml");
    const doc = XmlDocument.fromString(xml.text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:GrpSts)", ns)).toBe("PART");
      const statuses = doc
        .find("//p:TxInfAndSts", ns)
        .map((tx) => [tx.eval("string(p:OrgnlEndToEndId)", ns), tx.eval("string(p:TxSts)", ns), tx.eval("string(p:StsRsnInf/p:Rsn/p:Cd)", ns)]);
      expect(statuses).toEqual([
        ["RUN-1", "ACSP", ""],
        ["RUN-SW-1", "ACSP", ""],
        ["NOTPROVIDED", "ACCC", ""],
        ["RUN-2", "RJCT", "AM04"],
        ["RUN-3", "RJCT", "DUPL"],
      ]);
    } finally {
      doc.dispose();
    }

    const summary = await call<Record<string, unknown>>(getRun, `/v1/payment-batches/${jobId}`, { token: await tokenFor("acme"), params: { batchId: jobId } });
    expect(summary.body).toMatchObject({
      batchId: jobId,
      status: "Completed",
      reference: "Suppliers week 48",
      format: "json",
      createdItems: 3,
      failedItems: 1,
      rejectedItems: 1,
      totals: [{ currency: "USD", amount: "1000008.50", count: 5 }],
      submittedBy: null,
    });
    const list = await call<{ data: Array<{ batchId: string }> }>(listRuns, "/v1/payment-batches", { token: await tokenFor("acme") });
    expect(list.body.data[0]!.batchId).toBe(jobId);
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
  });

  it("refuses a bad file whole, naming every bad item, and creates nothing", async () => {
    const before = await countPayments("client_id = 'acme'");
    const bad = await postRun({
      items: [
        achItem(10),
        achItem(11, { creditorAccount: { identification: "1", name: "" } }),
        achItem(10),
        achItem(12, { creditorBank: { bankCode: "NO_SUCH_BANK", currency: "USD" } }),
        achItem(13, { debtorAccount: { identification: "3000456001" } }),
      ],
    });
    expectErrorBody(bad.body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expect(bad.body.details!.map((d) => d.field)).toEqual(["items[1].request.creditorAccount.name", "items[2].request.instructionIdentification"]);
    // Every item passes its schema: the rails' own rules name the rest, still before anything is made.
    const rules = await postRun({
      items: [
        achItem(12, { creditorBank: { bankCode: "NO_SUCH_BANK", currency: "USD" } }),
        achItem(14),
        achItem(13, { debtorAccount: { identification: "3000456001" } }),
      ],
    });
    expect(rules.status).toBe(400);
    expect(rules.body.details!.map((d) => [d.field, d.code])).toEqual([
      ["items[0].request.creditorBank.bankCode", "BANK_REFERENCE_NOT_FOUND"],
      ["items[2].request.debtorAccount.identification", "VALIDATION_ERROR"],
    ]);
    expect(await countPayments("client_id = 'acme'")).toBe(before);
    const { rows } = await (await getRuntime()).db.query("SELECT 1 FROM payment_batches WHERE client_id = 'acme' AND status = 'Pending'");
    expect(rows).toHaveLength(0);
  });

  it("refuses a person's run whole when its rail's policy holds back a payment in a currency no BATCH policy covers, or when a BATCH policy holds it back (it is drafted instead); an integration's run goes ahead", async () => {
    const { treasurer } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1.00", approvers: 1 }]);
    try {
      const before = await countPayments("client_id = 'acme'");
      const held = await postRun({ items: [achItem(30), achItem(31, { instructedAmount: { amount: "0.50", currency: "USD" } })] }, { token: treasurer });
      expectErrorBody(held.body as Record<string, unknown>, 403, "FORBIDDEN");
      expect((held.body as Record<string, unknown>).message).toContain("needs approval for 1 of this run's 2 payments, and it has no BATCH");
      await approvalTeam([
        { rail: "ACH", currency: "USD", threshold: "1.00", approvers: 1 },
        { rail: "BATCH", currency: "USD", threshold: "1000.00", approvers: 1 },
      ]);
      const covered = await postRun({ items: [achItem(30), achItem(31, { instructedAmount: { amount: "0.50", currency: "USD" } })] }, { token: treasurer });
      expectErrorBody(covered.body as Record<string, unknown>, 403, "FORBIDDEN");
      expect((covered.body as Record<string, unknown>).message).toContain("send it for approval in the portal");
      const under = await postRun({ items: [achItem(33, { instructedAmount: { amount: "0.50", currency: "USD" } })] }, { token: treasurer });
      expect(under.status).toBe(202);
      const integration = await postRun({ items: [achItem(32, { instructedAmount: { amount: "5000.00", currency: "USD" } })] });
      expect(integration.status).toBe(202);
      await drainWorker();
      expect(await countPayments("client_id = 'acme'")).toBe(before + 2);
    } finally {
      await approvalTeam([]);
    }
  });

  it("needs payment-batch and each item's rail permission (403 for the whole file); same Idempotency-Key, same job", async () => {
    const noSwift = await tokenFor("acme", ["payment-batch", "payment-ach"]);
    const refused = await postRun({ items: [achItem(20), { rail: "SWIFT", request: swiftBody() }] }, { token: noSwift });
    expectErrorBody(refused.body as Record<string, unknown>, 403, "FORBIDDEN");
    const noBatch = await postRun({ items: [achItem(21)] }, { token: await tokenFor("acme", ["payment-ach"]) });
    expect(noBatch.status).toBe(403);
    const key = randomUUID();
    const first = await postRun({ items: [achItem(22)] }, { key });
    const again = await postRun({ items: [achItem(22)] }, { key });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.jobId).toBe(first.body.jobId);
    await drainWorker();
    expect(await countPayments("client_id = 'acme' AND instruction_identification = 'RUN-22'")).toBe(1);
  });

  it("is read by whoever reads payments (get-payment-status: a viewer, an approver), not sent by them, and not by a token with neither", async () => {
    const accepted = await postRun({ items: [achItem(30)], reference: "Read by a viewer" });
    await drainWorker();
    const jobId = accepted.body.jobId;
    const reader = await tokenFor("acme", ["get-payment-status"]);
    const one = await call<{ reference: string }>(getRun, `/v1/payment-batches/${jobId}`, { token: reader, params: { batchId: jobId } });
    expect(one.body.reference).toBe("Read by a viewer");
    const list = await call<{ data: Array<{ batchId: string }> }>(listRuns, "/v1/payment-batches", { token: reader });
    expect(list.body.data.map((r) => r.batchId)).toContain(jobId);
    expect((await call(getJob, `/v1/jobs/${jobId}`, { token: reader, params: { jobId } })).body).toMatchObject({ status: "Completed" });
    const report = await call(getJobResults, `/v1/jobs/${jobId}/results`, { token: reader, params: { jobId }, headers: { accept: "application/xml" } });
    expect(report.text).toContain("pain.002.001.10");
    expect((await postRun({ items: [achItem(31)] }, { token: reader })).status).toBe(403);
    const neither = await tokenFor("acme", ["get-account"]);
    expect((await call(getRun, `/v1/payment-batches/${jobId}`, { token: neither, params: { batchId: jobId } })).status).toBe(403);
    expect((await call(listRuns, "/v1/payment-batches", { token: neither })).status).toBe(403);
  });

  it("reads a CSV body as it streams: the rows' items made, their results and a pain.002 an outside parser reads; a bad row named by its line and column, nothing made", async () => {
    await setBalance(ACME_USD, 100_000n);
    const header = "rail,instructionIdentification,debtorAccount,amount,currency,creditorAccount,creditorName,bankCode,remittance1";
    const row = (id: string, name: string) => `ACH,${id},${ACME_USD},1.00,USD,0987654321,"${name}",BANK_A,Salary`;
    const runsBefore = await runCount();
    const bad = await postRun(`\ufeff${header}\r\n${row("CSV-1", "Jane Tucker")}\r\n\r\n${row("CSV-2", "A name far longer than ACH takes")}\r\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.details!.map((d) => d.field)).toEqual(["line 4: creditor name"]);
    expect(await runCount()).toBe(runsBefore);
    expect(await countPayments("client_id = 'acme' AND instruction_identification IN ('CSV-1', 'CSV-2')")).toBe(0);
    const good = await postRun(`${header}\n${row("CSV-1", "Jane Tucker")}\n${row("CSV-2", "John Tucker")}\n`);
    expect(good.status).toBe(202);
    await drainWorker();
    expect(await countPayments("client_id = 'acme' AND instruction_identification IN ('CSV-1', 'CSV-2')")).toBe(2);
    const results = (await runResults(good.body.jobId)).body.data;
    expect(results.map((r) => [r.index, r.status, r.transactionStatus, r.endToEndId])).toEqual([
      [0, "Created", "Pending", "CSV-1"],
      [1, "Created", "Pending", "CSV-2"],
    ]);
    expect(await balanceMinor(ACME_USD)).toBe(100_000n - 200n);
    const doc = XmlDocument.fromString((await runResults(good.body.jobId, "application/xml")).text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgNmId)", ns)).toBe("harbour.csv");
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:GrpSts)", ns)).toBe("ACCP");
      const statuses = doc.find("//p:TxInfAndSts", ns).map((tx) => [tx.eval("string(p:OrgnlEndToEndId)", ns), tx.eval("string(p:TxSts)", ns)]);
      expect(statuses).toEqual([
        ["CSV-1", "ACSP"],
        ["CSV-2", "ACSP"],
      ]);
    } finally {
      doc.dispose();
    }
  });

  it("refuses bodies past the explicit limits with 413", async () => {
    const res = await postRun("x".repeat(8 * 1024 * 1024 + 1), { contentType: "text/csv" });
    expectErrorBody(res.body as Record<string, unknown>, 413, "PAYLOAD_TOO_LARGE");
  });
});

describe("a pain.001.001.09 run", () => {
  it("maps ACH and SWIFT transactions, checks the XSD, and answers a pain.002 naming the original message", async () => {
    await setBalance(ACME_USD, 100_000n);
    const accepted = await postRun(pain001([achTx("P1-ACH"), swiftTx("P1-SW")]), { contentType: "application/xml" });
    expect(accepted.body).toMatchObject({ status: "Pending" });
    await drainWorker();
    const results = (await runResults(accepted.body.jobId)).body.data;
    expect(results.map((r) => [r.status, r.endToEndId])).toEqual([
      ["Created", "P1-ACH"],
      ["Created", "P1-SW"],
    ]);
    expect(await balanceMinor(ACME_USD)).toBe(100_000n - 200n - 300n - 1500n);
    const xml = await runResults(accepted.body.jobId, "application/xml");
    const doc = XmlDocument.fromString(xml.text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgId)", ns)).toBe("MSG-RUN-1");
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:GrpSts)", ns)).toBe("ACCP");
      expect(doc.eval("string(//p:OrgnlPmtInfAndSts/p:OrgnlPmtInfId)", ns)).toBe("PMT-1");
    } finally {
      doc.dispose();
    }
  });

  it("pays on the block's ReqdExctnDt: a later day makes each transaction Scheduled, holding nothing; an earlier day is refused by name", async () => {
    await setBalance(ACME_USD, 100_000n);
    const today = bankLocalParts(new Date()).date;
    const later = new Date(Date.parse(`${today}T12:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const dated = (date: string, ids: string[]) => pain001(ids.map((id) => achTx(id))).replace(`<Dt>${today}</Dt>`, `<Dt>${date}</Dt>`);
    const accepted = await postRun(dated(later, ["LATER-1", "LATER-2"]), { contentType: "application/xml" });
    expect(accepted.status).toBe(202);
    await drainWorker();
    const results = (await runResults(accepted.body.jobId)).body.data;
    expect(results.map((r) => [r.status, r.transactionStatus])).toEqual([
      ["Created", "Scheduled"],
      ["Created", "Scheduled"],
    ]);
    expect(await balanceMinor(ACME_USD)).toBe(100_000n);
    const paymentId = results[0]!.paymentId!;
    const payment = await call(getPayment, `/v1/payments/${paymentId}`, { token: await tokenFor("acme"), params: { paymentId } });
    expect(payment.body).toMatchObject({ data: { status: "Scheduled" } });

    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const late = await postRun(dated(yesterday, ["LATE-1"]), { contentType: "application/xml" });
    expect(late.status).toBe(400);
    expectErrorBody(late.body, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(late.body.details)).toContain("LATE-1");
    expect(JSON.stringify(late.body.details)).toContain("requestedExecutionDate");
  });

  it("answers 400 naming the EndToEndIds of bad transactions, and the schema's problems by line; nothing is made", async () => {
    const runsBefore = await runCount();
    const paymentsBefore = await countPayments("client_id = 'acme'");
    const bad = await postRun(pain001([achTx("OK-1"), achTx("THIS-ID-IS-TOO-LONG"), achTx("NO-BANK").replace("BANK_A", "NOPE")]), {
      contentType: "application/xml",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details!.map((d) => d.field)).toEqual(["EndToEndId THIS-ID-IS-TOO-LONG: PmtId.EndToEndId"]);
    // Once every transaction maps, the rails' rules name the rest (still before anything is made).
    const rules = await postRun(pain001([achTx("OK-1"), achTx("NO-BANK").replace("BANK_A", "NOPE")]), { contentType: "application/xml" });
    expect(rules.body.details!.map((d) => d.field)).toEqual(["EndToEndId NO-BANK: request.creditorBank.bankCode"]);
    const schema = await postRun(pain001([achTx("S-1")]).replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>CHK</PmtMtd>"), { contentType: "application/xml" });
    expect(schema.status).toBe(400);
    expect(JSON.stringify(schema.body.details)).toMatch(/line \d+: .*PmtMtd/);
    const notXml = await postRun("<Document><unclosed></Document>", { contentType: "application/xml" });
    expect(notXml.status).toBe(400);
    expect(await runCount()).toBe(runsBefore);
    expect(await countPayments("client_id = 'acme'")).toBe(paymentsBefore);
  });
});

describe("a JSON run with a pain.001's identifiers (a file whose rows were changed before sending, no approval)", () => {
  const edited = (id: string, overrides: Record<string, unknown> = {}) => ({ rail: "ACH", request: achBody({ instructionIdentification: id, ...overrides }) });

  it("is that file's run: its pain.002 answers OrgnlMsgId, each OrgnlPmtInfId and OrgnlEndToEndId, and the MsgId is its reference", async () => {
    await setBalance(ACME_USD, 100_000n);
    // What the portal sends for a file of two blocks whose first row was dropped and whose others were changed.
    const accepted = await postRun({
      items: [edited("ED-2", { instructedAmount: { amount: "5.00", currency: "USD" } }), edited("ED-3"), edited("ED-4")],
      pain001: { messageId: "MSG-EDITED-1", paymentInfoIds: ["PAYROLL-1", "PAYROLL-1", "SUPPLIERS-1"] },
    });
    expect(accepted.status).toBe(202);
    await drainWorker();
    const results = (await runResults(accepted.body.jobId)).body.data;
    expect(results.map((r) => [r.status, r.endToEndId])).toEqual([
      ["Created", "ED-2"],
      ["Created", "ED-3"],
      ["Created", "ED-4"],
    ]);
    const summary = await call<Record<string, unknown>>(getRun, `/v1/payment-batches/${accepted.body.jobId}`, {
      token: await tokenFor("acme"),
      params: { batchId: accepted.body.jobId },
    });
    expect(summary.body).toMatchObject({ format: "pain.001", reference: "MSG-EDITED-1", totalItems: 3 });

    const doc = XmlDocument.fromString((await runResults(accepted.body.jobId, "application/xml")).text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgId)", ns)).toBe("MSG-EDITED-1");
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgNmId)", ns)).toBe("pain.001.001.09");
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlNbOfTxs)", ns)).toBe("3");
      const blocks = doc
        .find("//p:OrgnlPmtInfAndSts", ns)
        .map((block) => [block.eval("string(p:OrgnlPmtInfId)", ns), block.find("p:TxInfAndSts/p:OrgnlEndToEndId", ns).map((node) => node.content)]);
      expect(blocks).toEqual([
        ["PAYROLL-1", ["ED-2", "ED-3"]],
        ["SUPPLIERS-1", ["ED-4"]],
      ]);
    } finally {
      doc.dispose();
    }

    // The same body without them is a JSON run, as decisions §11 has it: the report names the run.
    const plain = await postRun({ items: [edited("ED-5")] });
    await drainWorker();
    const plainDoc = XmlDocument.fromString((await runResults(plain.body.jobId, "application/xml")).text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      const runId = plain.body.jobId.replace(/-/g, "").toUpperCase();
      expect(plainDoc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgId)", ns)).toBe(runId);
      expect(plainDoc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgNmId)", ns)).toBe("harbour.json");
      expect(plainDoc.eval("string(//p:OrgnlPmtInfAndSts/p:OrgnlPmtInfId)", ns)).toBe(runId);
    } finally {
      plainDoc.dispose();
    }
  });

  it("refuses bad identifiers with 400 VALIDATION_ERROR naming each (beside the bad items), and creates nothing", async () => {
    const before = await countPayments("client_id = 'acme'");
    const runsBefore = await runCount();

    const fewer = await postRun({ items: [edited("BAD-1"), edited("BAD-2")], pain001: { messageId: "MSG-BAD-1", paymentInfoIds: ["PMT-A"] } });
    expectErrorBody(fewer.body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expect(fewer.body.details!.map((d) => d.field)).toEqual(["pain001.paymentInfoIds"]);
    expect(JSON.stringify(fewer.body.details)).toContain("2 items, 1 PmtInfIds");

    const malformed = await postRun({
      items: [edited("BAD-1"), edited("BAD-2", { creditorAccount: { identification: "1", name: "" } })],
      pain001: { messageId: "", paymentInfoIds: ["PMT-A", "P".repeat(36)] },
    });
    expectErrorBody(malformed.body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expect(malformed.body.details!.map((d) => d.field).sort()).toEqual([
      "items[1].request.creditorAccount.name",
      "pain001.messageId",
      "pain001.paymentInfoIds[1]",
    ]);

    const unknown = await postRun({ items: [edited("BAD-1")], pain001: { messageId: "MSG-BAD-3", paymentInfoIds: ["PMT-A"], endToEndIds: ["X"] } });
    expectErrorBody(unknown.body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expect(unknown.body.details!.map((d) => d.field)).toEqual(["pain001.endToEndIds"]);

    expect(await countPayments("client_id = 'acme'")).toBe(before);
    expect(await runCount()).toBe(runsBefore);
  });

  it("names an item the rails' rules refuse by its place in the body (items[i]), where the sender finds it", async () => {
    const res = await postRun({
      items: [edited("RULE-1"), edited("RULE-2", { creditorBank: { bankCode: "NO_SUCH_BANK", currency: "USD" } })],
      pain001: { messageId: "MSG-RULE-1", paymentInfoIds: ["PMT-A", "PMT-A"] },
    });
    expectErrorBody(res.body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expect(res.body.details!.map((d) => [d.field, d.code])).toEqual([["items[1].request.creditorBank.bankCode", "BANK_REFERENCE_NOT_FOUND"]]);
  });
});
