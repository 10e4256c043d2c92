/**
 * The bank's wall clock (service spec §2.11): Bermuda, which observes
 * Atlantic Standard Time (UTC-4) in winter and Atlantic Daylight Time (UTC-3)
 * in summer. Cut-offs such as ACH same-day 15:15 are in this clock.
 */

export const BANK_TIME_ZONE = "Atlantic/Bermuda";

export type BankTime = { timestamp: string; timeZone: string };

export type BankLocalParts = {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  hour: number;
  minute: number;
  /** 0 = Sunday .. 6 = Saturday, as Date#getDay. */
  weekday: number;
  /** Local time minus UTC, e.g. -240 for AST. */
  offsetMinutes: number;
};

/**
 * The spec names exactly two display names. They are keyed by offset rather
 * than taken from ICU's long name, whose wording can change between ICU
 * releases and locales.
 */
const ZONE_NAMES_BY_OFFSET: ReadonlyMap<number, string> = new Map([
  [-240, "Atlantic Standard Time"],
  [-180, "Atlantic Daylight Time"],
]);

// Building an Intl.DateTimeFormat loads ICU zone data and costs far more
// than formatting with one, so each is created once per process.
const PARTS_FORMAT = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
let longNameFormat: Intl.DateTimeFormat | undefined;

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offsetMinutes: number;
};

/** The system-time response body. */
export function bankTimeNow(now: Date = new Date()): BankTime {
  const wall = wallClock(now);
  const local = `${isoDate(wall)}T${pad(wall.hour, 2)}:${pad(wall.minute, 2)}:${pad(wall.second, 2)}.${pad(wall.millisecond, 3)}`;
  return { timestamp: bankTimestamp(local, wall.offsetMinutes), timeZone: zoneName(now, wall.offsetMinutes) };
}

/** The spec's timestamp from a bank-local date-time (YYYY-MM-DDTHH:MM:SS.mmm) and its offset, e.g. as the database formats a stored instant. */
export function bankTimestamp(localDateTime: string, offsetMinutes: number): string {
  return `${localDateTime}${formatOffset(offsetMinutes)}`;
}

/** Local calendar fields for business-day and cut-off rules. */
export function bankLocalParts(now: Date = new Date()): BankLocalParts {
  const wall = wallClock(now);
  return {
    date: isoDate(wall),
    hour: wall.hour,
    minute: wall.minute,
    weekday: new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay(),
    offsetMinutes: wall.offsetMinutes,
  };
}

const HOUR_MS = 3_600_000;
/** The zone's offset in minutes per UTC hour, or null for an hour ICU must answer instant by instant. */
const offsetByHour = new Map<number, number | null>();

/**
 * The wall clock by arithmetic where that is exact: an hour whose first and
 * last millisecond have the same whole-minute offset has it throughout (Bermuda
 * changes offset only on whole UTC hours), so ICU is asked twice per hour, not
 * once per instant. ICU costs tens of microseconds a call, and a statement of
 * 100,000 entries formats 100,000 booking times (docs/benchmarks-ledger.md).
 */
function wallClock(now: Date): WallClock {
  const ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("Invalid Date");
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = icuWallClock(new Date(hour * HOUR_MS));
    const end = icuWallClock(new Date(hour * HOUR_MS + HOUR_MS - 1));
    // A local-mean-time offset with seconds (before 1930) is not whole minutes: ICU answers those.
    const startOffsetMs = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second) - hour * HOUR_MS;
    offset = start.offsetMinutes === end.offsetMinutes && startOffsetMs === start.offsetMinutes * 60_000 ? start.offsetMinutes : null;
    if (offsetByHour.size >= 4096) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  if (offset === null) return icuWallClock(now);
  return { ...civilFromEpochMs(ms + offset * 60_000), offsetMinutes: offset };
}

const DAY_MS = 86_400_000;

/**
 * The calendar fields of a millisecond count from 1970-01-01T00:00, by
 * arithmetic (H. Hinnant's civil_from_days): no Date is made, because inside
 * Next's server a Date is an instrumented subclass that costs microseconds to
 * construct, and a statement formats one booking time per entry.
 */
function civilFromEpochMs(ms: number): Omit<WallClock, "offsetMinutes"> {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hour = Math.floor(rest / HOUR_MS);
  rest -= hour * HOUR_MS;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  const millisecond = rest - second * 1000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day, hour, minute, second, millisecond };
}

/**
 * Reads the local wall clock from ICU and derives the UTC offset by
 * comparing it with the instant, which works for any offset ICU may apply
 * and needs no parsing of "GMT-04:00"-style strings.
 */
function icuWallClock(now: Date): WallClock {
  const ms = now.getTime();

  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of PARTS_FORMAT.formatToParts(now)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const { year, month, day, minute, second } = fields;
  // Some ICU builds print midnight as 24 even with h23.
  const hour = fields.hour === 24 ? 0 : fields.hour;
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined || second === undefined) {
    throw new Error(`Intl did not return all date fields for ${BANK_TIME_ZONE}`);
  }

  const millisecond = ((ms % 1000) + 1000) % 1000;
  const localAsUtc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const offsetMinutes = Math.round((localAsUtc - ms) / 60_000);
  return { year, month, day, hour, minute, second, millisecond, offsetMinutes };
}

function zoneName(now: Date, offsetMinutes: number): string {
  const known = ZONE_NAMES_BY_OFFSET.get(offsetMinutes);
  if (known !== undefined) return known;
  // Only reachable if Bermuda's rules change; ICU's own name beats a wrong one.
  longNameFormat ??= new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, timeZoneName: "long" });
  const name = longNameFormat.formatToParts(now).find((part) => part.type === "timeZoneName")?.value;
  return name ?? BANK_TIME_ZONE;
}

function isoDate(wall: Pick<WallClock, "year" | "month" | "day">): string {
  return `${pad(wall.year, 4)}-${pad(wall.month, 2)}-${pad(wall.day, 2)}`;
}

function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
