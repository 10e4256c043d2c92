import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of reference-data administration. */

/**
 * Adds or renames a bank code in the caller's transaction; returns the name it had before (null when new). Two
 * statements: a CTE read only by RETURNING runs after the upsert, when the row it would lock is already this
 * command's own update and is skipped, so a rename was reported (and audited) as an addition.
 */
export async function upsertBankCode(db: Queryable, bankCode: string, currency: string, name: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>("SELECT name FROM bank_codes WHERE bank_code = $1 AND currency = $2 FOR UPDATE", [bankCode, currency]);
  await db.query(
    `INSERT INTO bank_codes (bank_code, currency, name) VALUES ($1, $2, $3)
     ON CONFLICT (bank_code, currency) DO UPDATE SET name = EXCLUDED.name`,
    [bankCode, currency, name],
  );
  return rows[0]?.name ?? null;
}

// ---- holidays -----------------------------------------------------------------

export type HolidayRecord = { date: string; name: string };

/** Adds or renames a holiday in the caller's transaction; returns the name it had before (null when new; two statements, as upsertBankCode). */
export async function upsertHoliday(db: Queryable, date: string, name: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>("SELECT name FROM bank_holidays WHERE holiday_date = $1 FOR UPDATE", [date]);
  await db.query("INSERT INTO bank_holidays (holiday_date, name) VALUES ($1, $2) ON CONFLICT (holiday_date) DO UPDATE SET name = EXCLUDED.name", [date, name]);
  return rows[0]?.name ?? null;
}

/** Removes a holiday; returns its name, or null when the day was not a holiday. */
export async function deleteHoliday(db: Queryable, date: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>("DELETE FROM bank_holidays WHERE holiday_date = $1 RETURNING name", [date]);
  return rows[0]?.name ?? null;
}

export async function listHolidays(db: Queryable, year?: number): Promise<HolidayRecord[]> {
  const { rows } = await db.query<HolidayRecord>(
    `SELECT holiday_date::text AS date, name FROM bank_holidays
     WHERE $1::int IS NULL OR extract(year FROM holiday_date) = $1 ORDER BY holiday_date`,
    [year ?? null],
  );
  return rows;
}

/** Replaces one year's holidays with `holidays` (two statements in the caller's transaction); returns the year's list before. */
export async function replaceHolidayYear(db: Queryable, year: number, holidays: HolidayRecord[]): Promise<HolidayRecord[]> {
  const { rows } = await db.query<HolidayRecord>(
    "DELETE FROM bank_holidays WHERE extract(year FROM holiday_date) = $1 RETURNING holiday_date::text AS date, name",
    [year],
  );
  await db.query("INSERT INTO bank_holidays (holiday_date, name) SELECT * FROM unnest($1::date[], $2::text[])", [
    holidays.map((h) => h.date),
    holidays.map((h) => h.name),
  ]);
  return rows.sort((a, b) => (a.date < b.date ? -1 : 1));
}

// ---- FX rates -----------------------------------------------------------------

export type FxRateRecord = { from: string; to: string; rate: string; effectiveAt: string; setAt: string };

const FX_COLUMNS = `from_currency AS "from", to_currency AS "to", rate::text AS rate,
  to_char(effective_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "effectiveAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "setAt"`;

/** A new rate from `effectiveAt` on (now when null); null when the pair already has a rate at that very time. */
export async function insertFxRate(db: Queryable, from: string, to: string, rate: string, effectiveAt: string | null): Promise<FxRateRecord | null> {
  const { rows } = await db.query<FxRateRecord>(
    `INSERT INTO fx_rates (from_currency, to_currency, rate, effective_at) VALUES ($1, $2, $3, coalesce($4::timestamptz, now()))
     ON CONFLICT DO NOTHING RETURNING ${FX_COLUMNS}`,
    [from, to, rate, effectiveAt],
  );
  return rows[0] ?? null;
}

/** The pair's rate in effect now, or null. */
export async function currentFxRate(db: Queryable, from: string, to: string): Promise<FxRateRecord | null> {
  const { rows } = await db.query<FxRateRecord>(
    `SELECT ${FX_COLUMNS} FROM fx_rates WHERE from_currency = $1 AND to_currency = $2 AND effective_at <= now()
     ORDER BY effective_at DESC LIMIT 1`,
    [from, to],
  );
  return rows[0] ?? null;
}

/** Rates newest first, each pair's whole history (at most `limit` rows); `current` marks the one in effect now. */
export async function listFxRates(
  db: Queryable,
  limit: number,
  pair?: { from: string; to: string },
): Promise<Array<FxRateRecord & { current: boolean; scheduled: boolean }>> {
  const { rows } = await db.query<FxRateRecord & { current: boolean; scheduled: boolean }>(
    `SELECT ${FX_COLUMNS},
       effective_at = (SELECT max(effective_at) FROM fx_rates g
                       WHERE g.from_currency = f.from_currency AND g.to_currency = f.to_currency AND g.effective_at <= now()) AS current,
       effective_at > now() AS scheduled
     FROM fx_rates f
     WHERE $2::text IS NULL OR (from_currency = $2 AND to_currency = $3)
     ORDER BY from_currency, to_currency, effective_at DESC LIMIT $1`,
    [limit, pair?.from ?? null, pair?.to ?? null],
  );
  return rows;
}

// ---- ACH cut-off --------------------------------------------------------------

/** Sets the ACH cut-off (`HH:MM`, bank time); returns the one before. */
export async function setAchCutoff(db: Queryable, time: string): Promise<string> {
  const { rows } = await db.query<{ before: string }>("SELECT to_char(ach_cutoff, 'HH24:MI') AS before FROM settlement_settings FOR UPDATE");
  await db.query("UPDATE settlement_settings SET ach_cutoff = $1::time, updated_at = now()", [time]);
  return rows[0]!.before;
}

export async function getAchCutoff(db: Queryable): Promise<{ time: string; setAt: string }> {
  const { rows } = await db.query<{ time: string; setAt: string }>(
    `SELECT to_char(ach_cutoff, 'HH24:MI') AS time, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "setAt" FROM settlement_settings`,
  );
  return rows[0]!;
}
