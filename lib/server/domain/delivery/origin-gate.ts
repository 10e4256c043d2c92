import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome } from "@/lib/server/domain/delivery/http-attempt";
import { nextTurn, releaseSlot, renewSlot, takeSlot, type AttemptEnd, type SlotShares, type SlotTake } from "@/lib/server/domain/delivery/receiver-repo";

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
 * - A fast receiver's slot whose attempt got a fast answer passes straight to the next delivery of this process
 *   waiting for that receiver, without a round trip to free it and another to take it (those two statements were
 *   most of the time a slot was held: docs/webhooks-throughput.md). The lease is renewed on the way when a third of
 *   it has gone, and the answer times are recorded then or when the slot is finally freed. A slow, hanging or failing
 *   receiver's slot is always freed in PostgreSQL, so its share is judged again at every attempt.
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

/** A slot this process holds in PostgreSQL, passed from one delivery to the next while the receiver keeps up. */
type Held = {
  slot: number;
  holder: string;
  /** The receiver's share was the fast one when the slot was taken. */
  fast: boolean;
  leasedAt: number;
  /** Answer times of the attempts made on the slot since its record was last written. */
  answers: number[];
};

/**
 * A delivery in this process' line for a receiver: asleep, or asking PostgreSQL for a slot (which then finds the
 * share in use, the passed slot being still held). `handed` is the slot passed to it.
 */
type Waiter = { wake: () => void; handed: Held | null };

export class OriginGate {
  /** Deliveries of this process waiting for a slot, per origin, first come first woken. */
  private readonly waiting = new Map<string, Waiter[]>();

  async acquire(db: Queryable, origin: string): Promise<Turn> {
    const holder = randomUUID();
    const deadline = Date.now() + MAX_WAIT_MS;
    const me: Waiter = { wake: () => {}, handed: null };
    try {
      for (;;) {
        let take = await takeSlot(db, origin, holder, LEASE_MS, SHARES);
        for (let retry = 0; take.raced && retry < 3; retry++) take = await takeSlot(db, origin, holder, LEASE_MS, SHARES);
        if (me.handed) {
          // A slot was passed to it while it asked PostgreSQL: it keeps that one and gives back any it took meanwhile.
          if (take.slot !== null) await releaseSlot(db, origin, take.slot, holder, { kind: "no-answer" }).catch(() => {});
          return this.turnOn(db, origin, me.handed);
        }
        if (take.slot !== null) {
          const held: Held = { slot: take.slot, holder, fast: take.slots === SHARES.fast, leasedAt: Date.now(), answers: [] };
          return this.turnOn(db, origin, held);
        }
        const queue = this.queueOf(origin);
        const position = queue.indexOf(me);
        if (Date.now() >= deadline || !mayWait(take, position < 0 ? queue.length : position)) {
          // Out of the line first: no slot is passed to a delivery on its way to being deferred.
          this.leave(origin, me);
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
        if (me.handed) return this.turnOn(db, origin, me.handed);
      }
    } finally {
      this.leave(origin, me);
    }
  }

  private turnOn(db: Queryable, origin: string, held: Held): Turn {
    return { kind: "slot", release: (end) => this.release(db, origin, held, end) };
  }

  /** Passes a fast receiver's slot after a fast answer to the first delivery waiting for it here; true when it did. */
  private async passOn(db: Queryable, origin: string, held: Held, end: AttemptEnd): Promise<boolean> {
    if (!held.fast || end.kind !== "answered" || end.latencyMs >= SHARES.slowFromMs || !this.waiting.get(origin)?.length) return false;
    let answers = [...held.answers, end.latencyMs];
    if (Date.now() - held.leasedAt >= LEASE_MS / 3) {
      if (!(await renewSlot(db, origin, held.slot, held.holder, LEASE_MS, mean(answers)))) return false;
      held.leasedAt = Date.now();
      answers = [];
    }
    // Taken after the renewal's round trip: the line may have changed meanwhile.
    const next = this.waiting.get(origin)?.[0];
    if (!next) return false;
    held.answers = answers;
    next.handed = held;
    this.leave(origin, next);
    next.wake();
    return true;
  }

  private async release(db: Queryable, origin: string, held: Held, end: AttemptEnd): Promise<void> {
    try {
      if (await this.passOn(db, origin, held, end)) return;
    } catch (error) {
      console.error(`[delivery] could not renew a slot of ${origin}:`, (error as Error).message);
    }
    // Answer times gathered on the slot are recorded with this one: one record of the slot's run.
    const recorded: AttemptEnd =
      end.kind === "answered" && held.answers.length > 0 ? { kind: "answered", latencyMs: mean([...held.answers, end.latencyMs]) } : end;
    held.answers = [];
    try {
      await releaseSlot(db, origin, held.slot, held.holder, recorded);
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

function mean(values: readonly number[]): number {
  return Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
}
