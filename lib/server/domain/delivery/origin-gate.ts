import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome } from "@/lib/server/domain/delivery/http-attempt";
import { nextTurn, releaseSlot, takeSlot, type AttemptEnd, type SlotShares, type SlotTake } from "@/lib/server/domain/delivery/receiver-repo";

/**
 * Keeps one receiver from occupying the worker's shared slots (16 per process) while letting a
 * receiver that keeps up get its deliveries at the pace it answers (docs/webhooks.md). Judged in
 * PostgreSQL, so every server shares one view and one limit per receiver origin:
 *
 * - Each attempt holds one of the receiver's slots, leased in PostgreSQL. Its share is 4, or 2 when
 *   its answers take a second or more (the moving average of its answer times, or the age of its
 *   oldest attempt in flight, whichever is longer), or 1 while it is judged hanging.
 * - Hanging is a verdict on timeouts only (no answer within 10 s): for 30 s after the first in a row,
 *   doubling with each further one up to 10 min; any answer ends it. A slow answer is not a fault.
 * - A delivery that finds the share in use waits in this process for a slot when the receiver frees
 *   one soon enough (its answer time over its share, per delivery ahead, within 2 s; a receiver whose
 *   attempts start to overrun soon allows no waiting); otherwise it is deferred (not counted as an
 *   attempt) to the receiver's next free turn, turns being given out at that same pace, so a
 *   backlog comes back spread at the rate the receiver can take rather than all at once.
 */
export const SHARES: SlotShares = { fast: 4, slow: 2, hanging: 1, slowFromMs: 1_000 };
/** Longer than an attempt can run: a lapsed lease means its server died mid-attempt. */
const LEASE_MS = ATTEMPT_TIMEOUT_MS + 5_000;
const MAX_WAIT_MS = 2_000;
/** Slots freed by other servers are noticed by polling; this process' own releases wake a waiter at once. */
const POLL_MS = 100;
const MIN_DEFER_MS = 250;
const MAX_DEFER_MS = 10 * 60_000;
const HANG_BASE_MS = 30_000;

/** How often the receiver frees a slot, going by how long its answers take. */
export function paceMs(take: Pick<SlotTake, "estimateMs" | "slots">): number {
  return Math.max(1, Math.round(take.estimateMs / take.slots));
}

/** Whether a delivery with `ahead` others waiting in this process should wait for a slot rather than be deferred. */
export function mayWait(take: SlotTake, ahead: number): boolean {
  return !take.hanging && (ahead + 1) * paceMs(take) <= MAX_WAIT_MS;
}

/** What an attempt's outcome says about the receiver. */
export function attemptEnd(outcome: AttemptOutcome): AttemptEnd {
  if (outcome.statusCode !== null) return { kind: "answered", latencyMs: outcome.latencyMs };
  if (outcome.timedOut) return { kind: "timed-out", latencyMs: outcome.latencyMs, hangBaseMs: HANG_BASE_MS, hangMaxMs: MAX_DEFER_MS };
  return { kind: "no-answer" };
}

export type Turn = { kind: "slot"; release: (end: AttemptEnd) => Promise<void> } | { kind: "deferred"; delayMs: number; reason: string };

type Waiter = { wake: () => void };

export class OriginGate {
  /** Deliveries of this process waiting for a slot, per origin, first come first woken. */
  private readonly waiting = new Map<string, Waiter[]>();

  async acquire(db: Queryable, origin: string): Promise<Turn> {
    const holder = randomUUID();
    const deadline = Date.now() + MAX_WAIT_MS;
    const me: Waiter = { wake: () => {} };
    try {
      for (;;) {
        let take = await takeSlot(db, origin, holder, LEASE_MS, SHARES);
        for (let retry = 0; take.raced && retry < 3; retry++) take = await takeSlot(db, origin, holder, LEASE_MS, SHARES);
        if (take.slot !== null) {
          const slot = take.slot;
          return { kind: "slot", release: (end) => this.release(db, origin, slot, holder, end) };
        }
        const queue = this.queueOf(origin);
        const position = queue.indexOf(me);
        if (Date.now() >= deadline || !mayWait(take, position < 0 ? queue.length : position)) {
          const waitMs = await nextTurn(db, origin, paceMs(take), MAX_DEFER_MS);
          const reason = take.hanging ? `receiver ${origin} is not answering; deferred` : `receiver ${origin} has its ${take.slots} slot(s) in use; deferred`;
          return { kind: "deferred", delayMs: Math.min(MAX_DEFER_MS, Math.max(MIN_DEFER_MS, waitMs)), reason };
        }
        if (position < 0) queue.push(me);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, Math.min(POLL_MS, deadline - Date.now())));
          me.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      this.leave(origin, me);
    }
  }

  private async release(db: Queryable, origin: string, slot: number, holder: string, end: AttemptEnd): Promise<void> {
    try {
      await releaseSlot(db, origin, slot, holder, end);
    } catch (error) {
      // The lease lapses on its own; only the receiver's record misses this attempt.
      console.error(`[delivery] could not release a slot of ${origin}:`, (error as Error).message);
    }
    this.waiting.get(origin)?.[0]?.wake();
  }

  private queueOf(origin: string): Waiter[] {
    let queue = this.waiting.get(origin);
    if (!queue) {
      queue = [];
      this.waiting.set(origin, queue);
    }
    return queue;
  }

  private leave(origin: string, me: Waiter): void {
    const queue = this.waiting.get(origin);
    if (!queue) return;
    const index = queue.indexOf(me);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(origin);
  }
}
