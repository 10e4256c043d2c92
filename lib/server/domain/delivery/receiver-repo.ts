import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The only SQL for receiver slots and verdicts (migrations/0018_receiver_pacing.sql), shared by
 * every server. The policy (how many slots, how long to wait) is lib/server/domain/delivery/origin-gate.ts'.
 */

/** The slots a receiver is allowed for an estimated answer time: its share, decided in one statement with the take. */
export type SlotShares = { fast: number; slow: number; hanging: number; slowFromMs: number };

export type SlotTake = {
  /** The slot taken, or null when the receiver's share is in use. */
  slot: number | null;
  /** A slot was free but another server took it in the same instant: worth asking again at once. */
  raced: boolean;
  /** The receiver's share now. */
  slots: number;
  /** How long an answer takes: the moving average, or the oldest attempt in flight if that has waited longer. */
  estimateMs: number;
  hanging: boolean;
};

/**
 * Takes a free slot of `origin` if fewer than its share are held. Two servers racing for the
 * same free slot: the second's ON CONFLICT finds the slot held and takes nothing (it waits or
 * defers, like any other that found the share in use).
 */
export async function takeSlot(db: Queryable, origin: string, holder: string, leaseMs: number, shares: SlotShares): Promise<SlotTake> {
  const { rows } = await db.query<{ slot: number | null; candidate: number | null; slots: number; estimate_ms: number; hanging: boolean }>({
    name: "receiver-take-slot",
    text: `WITH live AS (
       SELECT slot, acquired_at FROM webhook_receiver_slots WHERE origin = $1 AND expires_at > now()
     ), judged AS (
       SELECT coalesce(r.hanging_until > now(), false) AS hanging,
              greatest(coalesce(r.latency_ms, 0),
                       coalesce((SELECT (extract(epoch FROM now() - min(acquired_at)) * 1000)::int FROM live), 0)) AS estimate_ms
       FROM (SELECT 1) one LEFT JOIN webhook_receivers r ON r.origin = $1
     ), share AS (
       SELECT hanging, estimate_ms,
              CASE WHEN hanging THEN $6::int WHEN estimate_ms >= $7 THEN $5::int ELSE $4::int END AS slots
       FROM judged
     ), free AS (
       SELECT s FROM share, generate_series(1, share.slots) s
       WHERE (SELECT count(*) FROM live) < share.slots AND s NOT IN (SELECT slot FROM live)
       ORDER BY s LIMIT 1
     ), taken AS (
       INSERT INTO webhook_receiver_slots (origin, slot, holder, acquired_at, expires_at)
       SELECT $1, s, $2, now(), now() + $3 * interval '1 millisecond' FROM free
       ON CONFLICT (origin, slot) DO UPDATE
         SET holder = excluded.holder, acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
         WHERE webhook_receiver_slots.expires_at <= now()
       RETURNING slot
     )
     SELECT (SELECT slot FROM taken) AS slot, (SELECT s FROM free) AS candidate, slots, estimate_ms, hanging FROM share`,
    values: [origin, holder, leaseMs, shares.fast, shares.slow, shares.hanging, shares.slowFromMs],
  });
  const row = rows[0]!;
  return { slot: row.slot, raced: row.slot === null && row.candidate !== null, slots: row.slots, estimateMs: row.estimate_ms, hanging: row.hanging };
}

/** How an attempt ended, for the receiver's shared record. */
export type AttemptEnd =
  /** An HTTP answer (any status) after latencyMs. */
  | { kind: "answered"; latencyMs: number }
  /** No answer within the attempt timeout: the receiver is judged hanging (hangBaseMs doubling per timeout in a row, at most hangMaxMs). */
  | { kind: "timed-out"; latencyMs: number; hangBaseMs: number; hangMaxMs: number }
  /** Refused before sending, or a network error: says nothing about how fast the receiver answers. */
  | { kind: "no-answer" };

const LATENCY_WEIGHT = 0.3;

/** Frees the slot and records what the attempt showed about the receiver, in one statement. */
export async function releaseSlot(db: Queryable, origin: string, slot: number, holder: string, end: AttemptEnd): Promise<void> {
  if (end.kind === "timed-out") {
    // Hanging for hangBaseMs after the first timeout in a row, doubling with each further one, at most hangMaxMs.
    await db.query({
      name: "receiver-release-timed-out",
      text: `WITH gone AS (DELETE FROM webhook_receiver_slots WHERE origin = $1 AND slot = $2 AND holder = $3)
       INSERT INTO webhook_receivers AS r (origin, latency_ms, failures, hanging_until)
       VALUES ($1, $4, 1, now() + $5 * interval '1 millisecond')
       ON CONFLICT (origin) DO UPDATE SET
         latency_ms = greatest(r.latency_ms, $4),
         failures = r.failures + 1,
         hanging_until = now() + least($6, $5 * power(2, least(r.failures, 30))) * interval '1 millisecond',
         updated_at = now()`,
      values: [origin, slot, holder, end.latencyMs, end.hangBaseMs, end.hangMaxMs],
    });
    return;
  }
  if (end.kind === "no-answer") {
    await db.query({
      name: "receiver-release-no-answer",
      text: "DELETE FROM webhook_receiver_slots WHERE origin = $1 AND slot = $2 AND holder = $3",
      values: [origin, slot, holder],
    });
    return;
  }
  // An answer ends a hanging verdict; the line of waiting deliveries starts again from now.
  await db.query({
    name: "receiver-release-answered",
    text: `WITH gone AS (DELETE FROM webhook_receiver_slots WHERE origin = $1 AND slot = $2 AND holder = $3)
     INSERT INTO webhook_receivers AS r (origin, latency_ms) VALUES ($1, $4)
     ON CONFLICT (origin) DO UPDATE SET
       -- The first answer after timeouts replaces their placeholder (the timeout itself) rather than blend with it.
       latency_ms = CASE WHEN r.failures > 0 THEN $4 ELSE round(r.latency_ms * (1 - $5::float8) + $4 * $5::float8) END,
       failures = 0,
       hanging_until = NULL,
       next_turn_at = CASE WHEN r.hanging_until IS NOT NULL THEN least(r.next_turn_at, now()) ELSE r.next_turn_at END,
       updated_at = now()`,
    values: [origin, slot, holder, end.latencyMs, LATENCY_WEIGHT],
  });
}

/**
 * Extends a slot held across several attempts (passed within one server from delivery to delivery) and records
 * their mean answer time, in one statement. Returns false when the slot is no longer this holder's (its lease
 * lapsed and another server took it): it is not taken back.
 */
export async function renewSlot(db: Queryable, origin: string, slot: number, holder: string, leaseMs: number, latencyMs: number): Promise<boolean> {
  const { rows } = await db.query<{ kept: boolean }>({
    name: "receiver-renew-slot",
    text: `WITH kept AS (
       UPDATE webhook_receiver_slots SET expires_at = now() + $4 * interval '1 millisecond'
       WHERE origin = $1 AND slot = $2 AND holder = $3 RETURNING 1
     ), recorded AS (
       UPDATE webhook_receivers SET latency_ms = round(latency_ms * (1 - $6::float8) + $5 * $6::float8), updated_at = now()
       WHERE origin = $1 AND failures = 0)
     SELECT exists (SELECT 1 FROM kept) AS kept`,
    values: [origin, slot, holder, leaseMs, latencyMs, LATENCY_WEIGHT],
  });
  return rows[0]!.kept;
}

/**
 * The next turn for a delivery that found the receiver's share in use: one `paceMs` after the
 * last turn given out (or after now), never more than `maxMs` ahead. Returns the wait in ms.
 */
export async function nextTurn(db: Queryable, origin: string, paceMs: number, maxMs: number): Promise<number> {
  const { rows } = await db.query<{ wait_ms: number }>({
    name: "receiver-next-turn",
    text: `INSERT INTO webhook_receivers AS r (origin, next_turn_at) VALUES ($1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (origin) DO UPDATE SET
       next_turn_at = least(greatest(r.next_turn_at, now()) + $2 * interval '1 millisecond', now() + $3 * interval '1 millisecond')
     RETURNING (extract(epoch FROM next_turn_at - now()) * 1000)::int AS wait_ms`,
    values: [origin, paceMs, maxMs],
  });
  return rows[0]!.wait_ms;
}
