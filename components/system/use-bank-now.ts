"use client";

import { systemTimeOperation } from "@/lib/contract/system/operations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { apiJson } from "@/lib/portal/shared/api-client";
import { clockSkewMs } from "@/lib/portal/system/bank-clock";
import { systemKeys } from "@/lib/portal/shared/query-keys";

export type BankTimeSync = { skewMs: number; timeZone: string; syncedAt: number };

/** The last sync outlives a full page load (this tab only): one sync per five minutes of a visit, not per page. */
const STORAGE_KEY = "harbour.bank-time-sync";

function savedSync(): BankTimeSync | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null") as BankTimeSync | null;
    const valid = saved && Number.isFinite(saved.skewMs) && typeof saved.timeZone === "string" && Number.isFinite(saved.syncedAt);
    return valid && Date.now() - saved.syncedAt < RESYNC_MS ? saved : null;
  } catch {
    return null;
  }
}

async function syncBankTime(signal: AbortSignal): Promise<BankTimeSync> {
  const sentAt = Date.now();
  const body = await apiJson(systemTimeOperation, { signal });
  const receivedAt = Date.now();
  const sync = { skewMs: clockSkewMs(body.timestamp, sentAt, receivedAt), timeZone: body.timeZone, syncedAt: receivedAt };
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(sync));
  } catch {
    // Not stored: the next page load syncs again.
  }
  return sync;
}

const subscribeNever = () => () => {};

/** Re-synced every five minutes: the clock ticks locally, so requests are not spent once a second. */
const RESYNC_MS = 5 * 60_000;

/**
 * The bank's current time, ticking each second, corrected by the skew
 * measured against /v1/system/time. `now` is null until the first sync.
 */
export function useBankNow() {
  const client = useQueryClient();
  // The saved sync is read after hydration (the server has no sessionStorage, and the first render must match it).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const saved = savedSync();
    if (saved && !client.getQueryData(systemKeys.time())) client.setQueryData(systemKeys.time(), saved, { updatedAt: saved.syncedAt });
    setRestored(true);
  }, [client]);
  const sync = useQuery({
    queryKey: systemKeys.time(),
    queryFn: ({ signal }) => syncBankTime(signal),
    staleTime: RESYNC_MS,
    refetchInterval: RESYNC_MS,
    enabled: restored,
  });
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Wake just after each whole second, so the display changes when the second does.
    const schedule = () => {
      timer = setTimeout(
        () => {
          setTick(Date.now());
          schedule();
        },
        1000 - (Date.now() % 1000) + 5,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  // The first render of a streamed part of the page must match its server HTML (no time there), even when the
  // header's sync has already landed in the shared cache: otherwise React's hydration error #418.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const now = hydrated && sync.data ? new Date(tick + sync.data.skewMs) : null;
  return { now, sync };
}
