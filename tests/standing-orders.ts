import type pg from "pg";
import { bankInstant } from "@/lib/contract/payments/settlement-date";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { sweepSchedules } from "@/lib/server/domain/payments/jobs";
import { getRuntime } from "@/lib/server/entry/runtime";

/** Standing orders' tests (app/v1/standing-orders): bank days from now, and the worker's sweep at a moved clock. */

const DAY = 86_400_000;
export const inBankDays = (days: number) => bankLocalParts(new Date(Date.now() + days * DAY)).date;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
/** The first weekday on or after `days` from now that is no bank holiday. */
export async function weekdayIn(days: number): Promise<string> {
  const { holidays } = await currentReferenceData((await getRuntime()).db);
  for (let d = days; ; d++) if (isWeekday(inBankDays(d)) && !holidays.has(inBankDays(d))) return inBankDays(d);
}
export const morningOf = (date: string) => bankInstant(date, { hour: 9, minute: 0 });
export async function sweep(date: string, db?: pg.Pool): Promise<void> {
  await sweepSchedules(db ?? (await getRuntime()).db, { now: morningOf(date), lockTimeoutMs: 2000 });
}
