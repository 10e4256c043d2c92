import { bankLocalParts } from "@/lib/contract/time/bank-time";

/** ACH same-day cut-off: 15:15 bank time (Atlantic/Bermuda) on business days (decisions §5), unless the bank's operators moved it. */
export const ACH_CUTOFF = { hour: 15, minute: 15 } as const;
type TimeOfDay = { hour: number; minute: number };

export type Cutoff = { at: Date; localDate: string; isToday: boolean };

const DAY_MS = 86_400_000;

function isBusinessDay(localDate: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${localDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(localDate);
}

/**
 * The instant of the cut-off's bank time on a local date. The offset is read at noon
 * UTC of that date, which Bermuda reaches after its 02:00 DST switch, so it is
 * the offset that applies in the afternoon.
 */
function cutoffInstant(localDate: string, cutoff: TimeOfDay): Date {
  const [year, month, day] = localDate.split("-").map(Number) as [number, number, number];
  const offsetMinutes = bankLocalParts(new Date(Date.UTC(year, month - 1, day, 12))).offsetMinutes;
  return new Date(Date.UTC(year, month - 1, day, cutoff.hour, cutoff.minute) - offsetMinutes * 60_000);
}

/**
 * The next ACH cut-off at or after `now`. Holidays are the bank's list
 * (`YYYY-MM-DD` local dates); weekends are never business days.
 */
export function nextAchCutoff(now: Date, holidays: ReadonlySet<string> = new Set(), cutoff: TimeOfDay = ACH_CUTOFF): Cutoff {
  const today = bankLocalParts(now).date;
  let localDate = today;
  for (let i = 0; i < 30; i += 1) {
    if (isBusinessDay(localDate, holidays)) {
      const at = cutoffInstant(localDate, cutoff);
      if (at.getTime() > now.getTime()) return { at, localDate, isToday: localDate === today };
    }
    localDate = new Date(new Date(`${localDate}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
  }
  throw new Error("no business day within 30 days: check the holiday list");
}

/** `3 h 04 min 09 s`; whole seconds, never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, "0");
  const ss = String(seconds).padStart(2, "0");
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h ${mm} min`;
  return hours > 0 ? `${hours} h ${mm} min ${ss} s` : `${minutes} min ${ss} s`;
}
