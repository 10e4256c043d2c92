import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { achSettlementDate, nextBusinessDay } from "@/lib/contract/payments/settlement-date";
import { getRuntime } from "@/lib/server/entry/runtime";
import { opsContext, runOps, type OpsRun } from "@/tests/ops";
import { achBody, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

/**
 * Reference data operations (docs/operations.md "Reference data"). The
 * commands run on a pool of their own, as `npm run ops` in another process
 * does; the payments go through this process's runtime, which has already read
 * and kept the reference data. Each change must show in the runtime's very
 * next payment: no restart, no signal, only the version mechanism.
 */
let opsPool: pg.Pool | null = null;

afterAll(async () => {
  await opsPool?.end();
});

function ops(...argv: string[]): Promise<OpsRun> {
  return runOps([...argv, "--json"], () => opsContext((opsPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }))));
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await (await getRuntime()).db.query<T>(text, values)).rows;
}

async function auditRows(action: string): Promise<Array<{ before: unknown; after: unknown; actor: string }>> {
  return sql("SELECT before, after, actor FROM audit_log WHERE client_id = '_bank' AND action = $1 ORDER BY audit_id", [action]);
}

async function holidays(): Promise<Set<string>> {
  return new Set((await sql<{ d: string }>("SELECT holiday_date::text AS d FROM bank_holidays")).map((r) => r.d));
}

const settlementOf = (res: Parameters<typeof paymentOf>[0]) => paymentOf(res).details.settlementDetails.settlementDate;

const EUR_100 = swiftBody({ instructedAmount: { currency: "EUR" }, debitAmount: { currency: "USD", amount: "100.00" }, chargesType: "BEN" });

describe("holiday calendar", () => {
  it("a holiday added on the day an ACH payment would settle moves the runtime's next payment to the next business day; removing it moves it back", async () => {
    const day = settlementOf(await postAch(achBody()));
    const added = await ops("holiday", "add", "--date", day, "--name", "Test Day");
    expect(added).toMatchObject({ code: 0, json: { date: day, name: "Test Day" } });
    const moved = settlementOf(await postAch(achBody()));
    expect(moved).toBe(nextBusinessDay(day, await holidays()));
    expect(moved).not.toBe(day);

    expect((await ops("holiday", "remove", "--date", day)).code).toBe(0);
    expect(settlementOf(await postAch(achBody()))).toBe(day);
    expect((await auditRows("holiday.added")).at(-1)).toMatchObject({ actor: "system:test", before: null, after: { name: "Test Day" } });
    expect((await auditRows("holiday.removed")).at(-1)).toMatchObject({ before: { name: "Test Day" }, after: null });
  });

  it("refuses a day that is not in the calendar, a missing name and removing a business day, naming the field", async () => {
    const bad = await ops("holiday", "add", "--date", "2027-02-30", "--name", "Nope");
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/date is not a day of the calendar/);
    expect(bad.json).toMatchObject({ error: { field: "date" } });
    expect((await ops("holiday", "add", "--date", "2027-03-01", "--name", "  ")).json).toMatchObject({ error: { field: "name" } });
    const remove = await ops("holiday", "remove", "--date", "2027-03-03");
    expect(remove).toMatchObject({ code: 1, json: { error: { code: "NOT_FOUND", field: "date" } } });
    expect(remove.err).toMatch(/2027-03-03 is not a bank holiday/);
    expect(await holidays()).not.toContain("2027-03-01");
  });

  it("imports a year from CSV, replacing that year only, and refuses a file with any bad line whole, naming each line", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "harbour-holidays-"));
    const good = path.join(dir, "2029.csv");
    await writeFile(good, 'date,name\r\n2029-01-01,New Year\'s Day\r\n2029-03-30,"Good Friday"\r\n2029-12-25,Christmas Day\r\n');
    const imported = await ops("holiday", "import", "--year", "2029", "--file", good);
    expect(imported).toMatchObject({ code: 0, json: { year: 2029, imported: 3, removed: 0 } });
    const listed = await ops("holiday", "list", "--year", "2029");
    expect(listed.json.holidays).toEqual([
      { date: "2029-01-01", name: "New Year's Day" },
      { date: "2029-03-30", name: "Good Friday" },
      { date: "2029-12-25", name: "Christmas Day" },
    ]);
    expect(await holidays()).toContain("2027-01-01");

    const bad = path.join(dir, "bad.csv");
    await writeFile(bad, "date,name\n2029-01-01,New Year\n2029-13-01,Month 13\n2028-12-25,Last year\n2029-01-01,Twice\n2029-05-01\n");
    const refused = await ops("holiday", "import", "--year", "2029", "--file", bad);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/nothing was imported/);
    expect(refused.err).toMatch(/line 3: date is not a day of the calendar \(got "2029-13-01"\)/);
    expect(refused.err).toMatch(/line 4: date 2028-12-25 is not in 2029/);
    expect(refused.err).toMatch(/line 5: date 2029-01-01 is already on line 2/);
    expect(refused.err).toMatch(/line 6: expected 2 fields/);
    expect(refused.err).not.toMatch(/line 2:/);
    expect(refused.json).toMatchObject({ error: { code: "VALIDATION_ERROR", field: "csv" } });
    expect((await ops("holiday", "list", "--year", "2029")).json.holidays).toHaveLength(3);

    const header = path.join(dir, "header.csv");
    await writeFile(header, "day,holiday\n2029-01-01,x\n");
    expect((await ops("holiday", "import", "--year", "2029", "--file", header)).err).toMatch(/line 1: the first line must be the header "date,name"/);
    expect((await ops("holiday", "import", "--year", "2029", "--file", path.join(dir, "missing.csv"))).json).toMatchObject({ error: { field: "file" } });
    expect((await ops("holiday", "import", "--year", "20x9", "--file", good)).json).toMatchObject({ error: { field: "year" } });
    expect((await auditRows("holiday.year_imported")).length).toBe(1);
  });
});

describe("FX rates", () => {
  it("a new rate applies to the runtime's next payment, history is kept, and a scheduled rate takes over at its effective time with no further change", async () => {
    expect(paymentOf(await postSwift(EUR_100)).details.instructedAmount).toEqual({ currency: "EUR", amount: "92.15" });
    const set = await ops("fx-rate", "set", "--from", "USD", "--to", "EUR", "--rate", "0.5");
    expect(set).toMatchObject({ code: 0, json: { from: "USD", to: "EUR", rate: "0.5000000000", previousRate: "0.9215000000" } });
    expect(paymentOf(await postSwift(EUR_100)).details.instructedAmount).toEqual({ currency: "EUR", amount: "50.00" });

    const at = new Date(Date.now() + 2_500).toISOString();
    expect((await ops("fx-rate", "set", "--from", "USD", "--to", "EUR", "--rate", "0.25", "--effective-at", at)).code).toBe(0);
    // Scheduled, not yet in effect: the runtime reloads (the version moved) and still converts at 0.5.
    expect(paymentOf(await postSwift(EUR_100)).details.instructedAmount).toEqual({ currency: "EUR", amount: "50.00" });
    const version = (await sql<{ v: string }>("SELECT version::text AS v FROM reference_data_version"))[0]!.v;
    await new Promise((r) => setTimeout(r, Date.parse(at) - Date.now() + 100));
    expect(paymentOf(await postSwift(EUR_100)).details.instructedAmount).toEqual({ currency: "EUR", amount: "25.00" });
    expect((await sql<{ v: string }>("SELECT version::text AS v FROM reference_data_version"))[0]!.v).toBe(version);

    const history = await ops("fx-rate", "list", "--from", "USD", "--to", "EUR");
    expect((history.json.rates as Array<{ rate: string; current: boolean }>).map((r) => [r.rate, r.current])).toEqual([
      ["0.2500000000", true],
      ["0.5000000000", false],
      ["0.9215000000", false],
    ]);
    expect((await auditRows("fx_rate.set")).at(-1)).toMatchObject({ before: { rate: "0.5000000000" }, after: { rate: "0.2500000000" } });
  });

  it("refuses bad rates naming the field, and changes nothing", async () => {
    const count = async () => (await sql<{ n: number }>("SELECT count(*)::int AS n FROM fx_rates"))[0]!.n;
    const before = await count();
    const cases: Array<[string[], string, RegExp]> = [
      [["--from", "USD", "--to", "EUR", "--rate", "0"], "rate", /rate must be greater than zero/],
      [["--from", "USD", "--to", "EUR", "--rate", "1,5"], "rate", /rate must be a positive decimal number/],
      [["--from", "USD", "--to", "EUR", "--rate", "0.12345678901"], "rate", /at most 10 decimals/],
      [["--from", "XYZ", "--to", "EUR", "--rate", "1"], "from", /ISO 4217/],
      [["--from", "USD", "--to", "USD", "--rate", "1"], "to", /to must differ from from/],
      [["--from", "USD", "--to", "EUR", "--rate", "1", "--effective-at", "tomorrow"], "effectiveAt", /effectiveAt must be a time/],
      [["--from", "USD", "--to", "EUR", "--rate", "1", "--effective-at", "2020-01-01T00:00:00Z"], "effectiveAt", /never back-dated/],
    ];
    for (const [flags, field, message] of cases) {
      const refused = await ops("fx-rate", "set", ...flags);
      expect(refused.code, flags.join(" ")).toBe(1);
      expect(refused.json, flags.join(" ")).toMatchObject({ error: { field } });
      expect(refused.err, flags.join(" ")).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});

describe("ACH cut-off", () => {
  it("the runtime's next ACH payment settles by the cut-off just set", async () => {
    expect((await ops("ach-cutoff", "show")).json).toMatchObject({ time: "15:15" });
    const set = await ops("ach-cutoff", "set", "--time", "00:00");
    expect(set).toMatchObject({ code: 0, json: { time: "00:00", previous: "15:15" } });
    // A 00:00 cut-off has always passed: every payment goes to the next business day.
    const late = settlementOf(await postAch(achBody()));
    expect(late).toBe(achSettlementDate(new Date(), await holidays(), { hour: 0, minute: 0 }));

    expect((await ops("ach-cutoff", "set", "--time", "15:59")).code).toBe(0);
    const early = settlementOf(await postAch(achBody()));
    expect(early).toBe(achSettlementDate(new Date(), await holidays(), { hour: 15, minute: 59 }));
    expect((await auditRows("ach_cutoff.set")).map((r) => r.after)).toEqual([{ time: "00:00" }, { time: "15:59" }]);
  });

  it("refuses a time that is not HH:MM or not before the 16:00 settlement run", async () => {
    for (const [time, message] of [
      ["3pm", /time must be a bank time such as 15:15/],
      ["24:00", /time must be a bank time/],
      ["16:00", /before 16:00/],
    ] as const) {
      const refused = await ops("ach-cutoff", "set", "--time", time);
      expect(refused).toMatchObject({ code: 1, json: { error: { field: "time" } } });
      expect(refused.err).toMatch(message);
    }
    expect((await ops("ach-cutoff", "show")).json).toMatchObject({ time: "15:59" });
  });
});
