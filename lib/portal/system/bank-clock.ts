import { bankTimeNow, BANK_TIME_ZONE, bankLocalParts } from "@/lib/contract/time/bank-time";

/** What the System page shows for one instant of the bank's clock. */
export type ClockFace = {
  time: string;
  date: string;
  zoneName: string;
  abbreviation: string;
  offset: string;
};

// 12-hour like every other time on screen (issue 24, item 7): `3:15:02 PM`, its zone beside it.
const TIME = new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, hour: "numeric", minute: "2-digit", second: "2-digit", hourCycle: "h12" });
const DATE = new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** Bermuda's two offsets and the names the spec gives them (§2.11). */
const ABBREVIATIONS: Readonly<Record<number, string>> = { [-240]: "AST", [-180]: "ADT" };

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "\u2212" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export function clockFace(instant: Date): ClockFace {
  const { offsetMinutes } = bankLocalParts(instant);
  return {
    time: TIME.format(instant),
    date: DATE.format(instant),
    zoneName: bankTimeNow(instant).timeZone,
    abbreviation: ABBREVIATIONS[offsetMinutes] ?? formatOffset(offsetMinutes),
    offset: formatOffset(offsetMinutes),
  };
}

/**
 * The bank's clock minus the browser's, from one /v1/system/time answer.
 * Half the round trip is added: the server read its clock about mid-flight.
 */
export function clockSkewMs(serverTimestamp: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTimestamp);
  if (Number.isNaN(server)) return 0;
  return server + (receivedAt - sentAt) / 2 - receivedAt;
}
