import { ZSessionActivity } from "@/lib/contract/auth/session-activity";
import { JSON_WRITE } from "@/lib/portal/shared/api-client";
import { readJson } from "@/lib/portal/shared/read-json";

/**
 * The portal's side of the idle timeout (the server enforces it:
 * PORTAL_IDLE_TIMEOUT_MIN, lib/server/domain/auth/sessions.ts). The browser reports
 * the person's own input, at most every REPORT_EVERY_MS, and warns a minute
 * before the time the server gave it; tabs share what they learn.
 */

export const WARN_BEFORE_MS = 60_000;
export const REPORT_EVERY_MS = 30_000;
/** Input that shows a person is there; mouse movement alone is not counted (a cursor resting on a tab moves). */
export const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

const CHANNEL = "harbour-idle";

export type IdlePhase = "active" | "warning" | "expired";

/** Where the session stands at `now` given the deadline (in this browser's clock). */
export function idlePhase(deadline: number, now: number): IdlePhase {
  if (now >= deadline) return "expired";
  return deadline - now <= WARN_BEFORE_MS ? "warning" : "active";
}

/** Whole seconds left, for the warning's countdown. */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** Tells the server the person is here; answers the new deadline, or null when the session is over. */
export async function reportActivity(now: () => number = Date.now): Promise<number | null> {
  // Counted from when the report left, not when its answer was read: the server's remaining time started at or after
  // the send, so the deadline is never later than the server's, however long a busy page takes to read the answer.
  const sentAt = now();
  const response = await fetch("/api/portal/sessions/activity", { method: "POST", credentials: "same-origin", cache: "no-store", headers: JSON_WRITE });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`activity not recorded (${response.status})`);
  const body = await readJson(response, ZSessionActivity, "POST /api/portal/sessions/activity");
  return sentAt + body.remainingSeconds * 1000;
}

/** Other tabs of the same portal: a deadline one of them moved is everyone's (they share the session). */
export function deadlineChannel(onDeadline: (deadline: number) => void): { publish: (deadline: number) => void; close: () => void } {
  if (typeof BroadcastChannel === "undefined") return { publish: () => {}, close: () => {} };
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === "number" && Number.isFinite(event.data)) onDeadline(event.data);
  };
  return { publish: (deadline) => channel.postMessage(deadline), close: () => channel.close() };
}
