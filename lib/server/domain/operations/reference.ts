import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { parseHolidayCsv } from "@/lib/contract/ops/holidays-csv";
import { ZAchCutoffSet, ZBankCodeAdd, ZFxRateSet, ZHolidayAdd, ZHolidayImport, ZHolidayRemove, ZHolidayYear } from "@/lib/contract/ops/schema";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { parseInput } from "@/lib/contract/validation";
import { auditOperation, opsActor } from "@/lib/server/core/audit/operation";
import type { OpsContext } from "@/lib/server/core/operation-context";
import type { Queryable } from "@/lib/server/core/db/types";
import * as repo from "@/lib/server/domain/operations/reference-repo";

/**
 * Reference data the payment rails decide with: bank codes, holidays, FX rates
 * and the ACH cut-off. Each write bumps reference_data_version (triggers,
 * migrations/0007 and 0020), and every running server's kept copy
 * (lib/server/domain/payments/known-data.ts) is refused as stale at its next
 * submission and reloaded: no restart. Each write is audited in the bank's
 * own chain (no client).
 */

type Ctx = Pick<OpsContext, "db" | "actor" | "ip" | "correlationId">;

type Change = { action: string; entity: string; entityId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

function audit(tx: Queryable, ctx: Ctx, change: Change): Promise<void> {
  return auditOperation(tx, { clientId: null, ...opsActor(ctx), ...change });
}

export async function addBankCode(ctx: Ctx, input: unknown): Promise<{ bankCode: string; currency: string; name: string }> {
  const data = parseInput(ZBankCodeAdd, input);
  const name = data.name ?? data.bankCode;
  return withTransaction(ctx.db, async (tx) => {
    const before = await repo.upsertBankCode(tx, data.bankCode, data.currency, name);
    await audit(tx, ctx, {
      action: before ? "bank_code.renamed" : "bank_code.added",
      entity: "bank_code",
      entityId: `${data.bankCode}/${data.currency}`,
      before: before ? { name: before } : null,
      after: { name },
    });
    return { bankCode: data.bankCode, currency: data.currency, name };
  });
}

// ---- holidays -----------------------------------------------------------------

export async function addHoliday(ctx: Ctx, input: unknown): Promise<{ date: string; name: string }> {
  const data = parseInput(ZHolidayAdd, input);
  return withTransaction(ctx.db, async (tx) => {
    const before = await repo.upsertHoliday(tx, data.date, data.name);
    await audit(tx, ctx, {
      action: before === null ? "holiday.added" : "holiday.renamed",
      entity: "holiday",
      entityId: data.date,
      before: before === null ? null : { name: before },
      after: { name: data.name },
    });
    return { date: data.date, name: data.name };
  });
}

export async function removeHoliday(ctx: Ctx, input: unknown): Promise<{ date: string; name: string }> {
  const data = parseInput(ZHolidayRemove, input);
  return withTransaction(ctx.db, async (tx) => {
    const name = await repo.deleteHoliday(tx, data.date);
    if (name === null) throw new ApiError("NOT_FOUND", `date: ${data.date} is not a bank holiday.`, { field: "date" });
    await audit(tx, ctx, { action: "holiday.removed", entity: "holiday", entityId: data.date, before: { name }, after: null });
    return { date: data.date, name };
  });
}

/**
 * Replaces a year's holidays with a CSV's (docs/operations.md). Refused whole,
 * every bad line named, when any line is bad: a half-imported calendar would
 * settle payments on a holiday.
 */
export async function importHolidayYear(ctx: Ctx, input: unknown): Promise<{ year: number; imported: number; removed: number }> {
  const data = parseInput(ZHolidayImport, input);
  const { holidays, problems } = parseHolidayCsv(data.csv, data.year);
  if (problems.length) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : "";
    throw new ApiError("VALIDATION_ERROR", `csv: nothing was imported: ${shown.map((p) => `line ${p.line}: ${p.message}`).join("; ")}${more}.`, {
      field: "csv",
      details: shown.map((p) => ({ field: `csv:line ${p.line}`, code: "INVALID_LINE", message: p.message })),
    });
  }
  return withTransaction(ctx.db, async (tx) => {
    const before = await repo.replaceHolidayYear(tx, data.year, holidays);
    await audit(tx, ctx, {
      action: "holiday.year_imported",
      entity: "holiday_year",
      entityId: String(data.year),
      before: { holidays: before },
      after: { holidays },
    });
    return { year: data.year, imported: holidays.length, removed: before.length };
  });
}

export async function listHolidays(ctx: Pick<OpsContext, "db">, year?: unknown): Promise<repo.HolidayRecord[]> {
  return repo.listHolidays(ctx.db, year === undefined ? undefined : parseInput(ZHolidayYear, year, "year"));
}

// ---- FX rates -----------------------------------------------------------------

/** Small grace for a clock a little behind the database's: "now" typed by hand is not "the past". */
const PAST_GRACE_MS = 60_000;

/**
 * A new rate for a pair from its effective time on (now by default). History
 * is kept: earlier rates stay, and a rate is never back-dated, so what a past
 * payment converted at is never rewritten.
 */
export async function setFxRate(
  ctx: Ctx,
  input: unknown,
): Promise<{ from: string; to: string; rate: string; effectiveAt: string; previousRate: string | null }> {
  const data = parseInput(ZFxRateSet, input);
  if (data.effectiveAt && Date.parse(data.effectiveAt) < Date.now() - PAST_GRACE_MS) {
    throw new ApiError("VALIDATION_ERROR", "effectiveAt must not be in the past: rates are never back-dated (leave it out for now).", { field: "effectiveAt" });
  }
  return withTransaction(ctx.db, async (tx) => {
    const before = await repo.currentFxRate(tx, data.from, data.to);
    const added = await repo.insertFxRate(tx, data.from, data.to, data.rate, data.effectiveAt ?? null);
    if (!added)
      throw new ApiError("ALREADY_EXISTS", `effectiveAt: ${data.from}/${data.to} already has a rate from ${data.effectiveAt}.`, { field: "effectiveAt" });
    await audit(tx, ctx, {
      action: "fx_rate.set",
      entity: "fx_rate",
      entityId: `${data.from}/${data.to}`,
      before: before ? { rate: before.rate, effectiveAt: before.effectiveAt } : null,
      after: {
        rate: added.rate,
        effectiveAt: added.effectiveAt,
      },
    });
    return { from: added.from, to: added.to, rate: added.rate, effectiveAt: added.effectiveAt, previousRate: before?.rate ?? null };
  });
}

export function listFxRates(ctx: Pick<OpsContext, "db">, pair?: { from: string; to: string }, limit = 500) {
  return repo.listFxRates(ctx.db, limit, pair);
}

// ---- ACH cut-off --------------------------------------------------------------

export async function setAchCutoff(ctx: Ctx, input: unknown): Promise<{ time: string; previous: string }> {
  const data = parseInput(ZAchCutoffSet, input);
  return withTransaction(ctx.db, async (tx) => {
    const previous = await repo.setAchCutoff(tx, data.time);
    await audit(tx, ctx, { action: "ach_cutoff.set", entity: "ach_cutoff", entityId: "ACH", before: { time: previous }, after: { time: data.time } });
    return { time: data.time, previous };
  });
}

export function getAchCutoff(ctx: Pick<OpsContext, "db">) {
  return repo.getAchCutoff(ctx.db);
}
