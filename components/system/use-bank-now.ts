"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "@/lib/portal/shared/api-client";
import { clockSkewMs } from "@/lib/portal/system/bank-clock";
import { systemKeys } from "@/lib/portal/shared/query-keys";

type SystemTime = { timestamp: string; timeZone: string };
export type BankTimeSync = { skewMs: number; timeZone: string; syncedAt: number };

async function syncBankTime(signal: AbortSignal): Promise<BankTimeSync> {
  const sentAt = Date.now();
  const body = await apiJson<SystemTime>("/v1/system/time", { signal });
  const receivedAt = Date.now();
  return { skewMs: clockSkewMs(body.timestamp, sentAt, receivedAt), timeZone: body.timeZone, syncedAt: receivedAt };
}

/** Re-synced every five minutes: the clock ticks locally, so the API quota is not spent once a second. */
const RESYNC_MS = 5 * 60_000;

/**
 * The bank's current time, ticking each second, corrected by the skew
 * measured against /v1/system/time. `now` is null until the first sync.
 */
export function useBankNow() {
  const sync = useQuery({ queryKey: systemKeys.time(), queryFn: ({ signal }) => syncBankTime(signal), staleTime: RESYNC_MS, refetchInterval: RESYNC_MS });
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Wake just after each whole second, so the display changes when the second does.
    const schedule = () => {
      timer = setTimeout(() => {
        setTick(Date.now());
        schedule();
      }, 1000 - (Date.now() % 1000) + 5);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  const now = sync.data ? new Date(tick + sync.data.skewMs) : null;
  return { now, sync };
}
