// `npx tsx scripts/bench-portal-parse.ts`: what the portal's parse of a response costs (lib/portal/shared/read-json.ts),
// on the largest pages the portal asks for: a 500-row payments search (the list's largest page size) and the API's
// 1000-row page. Figures are printed for docs/portal.md, never asserted.
import { listPaymentsOperation } from "@/lib/contract/payments/operations";
import { readJson } from "@/lib/portal/shared/read-json";

function paymentRow(i: number) {
  const id = `7f0c1b9e-3f7e-4a43-9d7a-${String(i).padStart(12, "0")}`;
  return {
    type: i % 3 === 0 ? "SWIFT" : "ACH",
    status: "Completed",
    transactionId: id,
    externalReference: `INV-${i}`,
    remittanceInformation: [`Invoice ${i}`, "November supplies"],
    debitAmount: { currency: "USD", amount: `${1000 + i}.25` },
    creditAmount: { currency: "USD", amount: `${1000 + i}.25` },
    valueDate: "2026-11-27",
    exchangeRate: null,
    debtorAccount: { identification: "1000000001" },
    beneficiary: { name: `Supplier ${i} Ltd`, accountIdentification: `20000${i}`, bankIdentification: "BNTBBMHM", bankName: "Butterfield" },
    submittedAt: "2026-11-27T13:05:00.000Z",
    submittedBy: { email: "treasurer@example.bm" },
    approvedBy: [{ email: "approver@example.bm", decidedAt: "2026-11-27T13:10:00.000Z" }],
    counterpartyId: null,
    chargesType: i % 3 === 0 ? "SHA" : null,
    charges: { currency: "USD", amount: "0.00" },
    totalDebited: { currency: "USD", amount: `${1000 + i}.25` },
  };
}

function page(rows: number) {
  return {
    meta: { pagination: { page_start: 1, page_size: rows, total_size: rows, page_token: "t" } },
    data: Array.from({ length: rows }, (_, i) => paymentRow(i)),
  };
}

function median(runs: number, work: () => void): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function measure(rows: number, runs = 60): Promise<void> {
  const text = JSON.stringify(page(rows));
  const body: unknown = JSON.parse(text);
  const schema = listPaymentsOperation.response;
  // Warm both (JIT), then the median of each; the reader itself once, to show it returns the page.
  median(runs, () => JSON.parse(text));
  median(runs, () => schema.parse(body));
  const bare = median(runs, () => JSON.parse(text));
  const zod = median(runs, () => schema.parse(body));
  const read = await readJson(new Response(text), schema, listPaymentsOperation.id);
  const kb = Math.round(text.length / 1024);
  console.log(`${read.data.length} payments (${kb} KB): JSON.parse ${bare.toFixed(2)} ms, the schema's parse ${zod.toFixed(2)} ms (median of ${runs})`);
}

await measure(500);
await measure(1000);
