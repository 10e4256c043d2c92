import "server-only";
/**
 * Keeps one slow receiver from occupying the worker's shared slots (16 per
 * process). Healthy receivers are limited only by FAST_LIMIT in-flight
 * attempts (a waiting attempt gets the next free turn). A receiver with an
 * attempt that ran longer than SLOW_AFTER_MS in the last SLOW_MEMORY_MS is
 * "slow" and gets SLOW_LIMIT in-flight attempts; the rest are deferred
 * (re-queued, not counted as attempts) instead of waiting on a slot.
 * Per process: each app instance protects its own worker.
 */
const FAST_LIMIT = 4;
const SLOW_LIMIT = 2;
const SLOW_AFTER_MS = 500;
const SLOW_MEMORY_MS = 60_000;
const MAX_WAIT_MS = 1_000;
/** A slow receiver serves about SLOW_LIMIT attempts per 10 s timeout. */
const SLOW_SERVICE_MS = 10_000 / SLOW_LIMIT;
const MIN_DEFER_MS = 5_000;
const MAX_DEFER_MS = 10 * 60_000;

export type Release = () => void;

type OriginState = { inFlight: number; waiters: Array<() => void>; slowUntil: number; deferrals: number; deferralsSince: number };

export class OriginGate {
  private readonly origins = new Map<string, OriginState>();

  constructor(private readonly now: () => number = Date.now) {}

  isSlow(origin: string): boolean {
    return (this.origins.get(origin)?.slowUntil ?? 0) > this.now();
  }

  /**
   * How long to push back an attempt that acquire() refused. Spread over
   * the time the receiver's backlog (deferrals seen in the last minute)
   * needs at its slow pace, so a large backlog is not re-claimed from the
   * queue every few seconds only to be deferred again.
   */
  deferDelayMs(origin: string, random: () => number = Math.random): number {
    const state = this.stateOf(origin);
    if (this.now() - state.deferralsSince > SLOW_MEMORY_MS) {
      state.deferrals = 0;
      state.deferralsSince = this.now();
    }
    state.deferrals += 1;
    const spread = Math.min(MAX_DEFER_MS, state.deferrals * SLOW_SERVICE_MS);
    return Math.round(MIN_DEFER_MS + random() * spread);
  }

  /** A release function, or null when the attempt should be deferred. */
  async acquire(origin: string): Promise<Release | null> {
    const state = this.stateOf(origin);
    const waitUntil = this.now() + MAX_WAIT_MS;
    while (state.inFlight >= this.limitOf(origin)) {
      if (this.isSlow(origin) || this.now() >= waitUntil) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          state.waiters.splice(state.waiters.indexOf(wake) >>> 0, 1);
          resolve();
        }, Math.max(1, waitUntil - this.now()));
        state.waiters.push(wake);
      });
    }
    state.inFlight += 1;
    // Flag the origin as soon as an attempt overruns, not when it finally ends.
    const overrun = setTimeout(() => (state.slowUntil = this.now() + SLOW_MEMORY_MS), SLOW_AFTER_MS);
    overrun.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearTimeout(overrun);
      state.inFlight -= 1;
      state.waiters.shift()?.();
      if (state.inFlight === 0 && state.waiters.length === 0 && state.slowUntil <= this.now() && this.now() - state.deferralsSince > SLOW_MEMORY_MS) {
        this.origins.delete(origin);
      }
    };
  }

  private limitOf(origin: string): number {
    return this.isSlow(origin) ? SLOW_LIMIT : FAST_LIMIT;
  }

  private stateOf(origin: string): OriginState {
    let state = this.origins.get(origin);
    if (!state) {
      state = { inFlight: 0, waiters: [], slowUntil: 0, deferrals: 0, deferralsSince: this.now() };
      this.origins.set(origin, state);
    }
    return state;
  }
}
