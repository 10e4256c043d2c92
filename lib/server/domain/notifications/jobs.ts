import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Queryable } from "@/lib/server/core/db/types";
import type { PeriodicJob } from "@/lib/server/core/jobs/worker";
import { draftWhat } from "@/lib/server/domain/notifications/derive";
import { notify } from "@/lib/server/domain/notifications/notify";
import { markDraftsDue, purgeOldMarks, type DeadlineDraftRow } from "@/lib/server/domain/notifications/watch-repo";
import { formatAmount } from "@/lib/contract/money";
import { formatBankDateTime } from "@/lib/contract/time/date-format";

/** Drafts nearing their cut-off are announced this long before it (docs/notifications.md). */
export const DRAFT_WARNING_MS = 60 * 60_000;
/** A draft that expired while no worker ran is still announced if the worker is back within this long. */
const EXPIRED_LOOKBACK_MS = 24 * 60 * 60_000;
const BATCH = 200;

const what = (d: DeadlineDraftRow) =>
  draftWhat(d.rail, d.currency && d.amount_minor ? { amount: formatAmount(BigInt(d.amount_minor), d.currency), currency: d.currency } : null);

async function warnExpiring(tx: Queryable, d: DeadlineDraftRow, now: Date): Promise<void> {
  const minutes = Math.max(1, Math.round((d.expires_at.getTime() - now.getTime()) / 60_000));
  const link = `/approvals/${d.draft_id}`;
  const body = `The ${what(d)} drafted by ${d.maker_email} expires in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${formatBankDateTime(d.expires_at.toISOString())}) unless it is approved.`;
  const notification = { kind: "DraftExpiring" as const, title: "A draft expires within the hour", body, link, createdAt: now };
  await notify(tx, d.client_id, { rule: "person", email: d.maker_email }, notification);
  await notify(tx, d.client_id, { rule: "approvers-of-draft", draftId: d.draft_id }, notification);
}

async function announceExpired(tx: Queryable, d: DeadlineDraftRow, now: Date): Promise<void> {
  await notify(
    tx,
    d.client_id,
    { rule: "person", email: d.maker_email },
    {
      kind: "DraftOutcome",
      title: "Your draft expired",
      body: `Your ${what(d)} passed its cut-off (${formatBankDateTime(d.expires_at.toISOString())}) without the approvals it needed; nothing was sent. Re-draft it to send it.`,
      link: `/approvals/${d.draft_id}`,
      createdAt: now,
    },
  );
}

/**
 * Once per draft, whichever instance runs it: the drafts are marked in the transaction that notifies of them
 * (watch-repo.ts), a batch at a time.
 */
export async function notifyDraftDeadlines(db: Parameters<typeof withTransaction>[0], now = new Date()): Promise<number> {
  let notified = 0;
  for (const [prefix, window, announce] of [
    ["draft-expiring", { from: now, to: new Date(now.getTime() + DRAFT_WARNING_MS) }, warnExpiring],
    ["draft-expired", { from: new Date(now.getTime() - EXPIRED_LOOKBACK_MS), to: now }, announceExpired],
  ] as const) {
    for (;;) {
      const drafts = await withTransaction(db, async (tx) => {
        const due = await markDraftsDue(tx, prefix, window, BATCH);
        for (const draft of due) await announce(tx, draft, now);
        return due;
      });
      notified += drafts.length;
      if (drafts.length < BATCH) break;
    }
  }
  return notified;
}

export const NOTIFICATION_PERIODIC_JOBS: readonly PeriodicJob[] = [
  { name: "notify-draft-deadlines", lockId: LOCKS.notifyDraftDeadlines, everyMs: 60_000, run: (runtime) => notifyDraftDeadlines(runtime.db).then(() => {}) },
  // Past the 30 days deliveries and their attempts are kept by default, and a draft's lookback.
  { name: "purge-notification-marks", lockId: LOCKS.purgeNotificationMarks, everyMs: 60 * 60_000, run: (runtime) => purgeOldMarks(runtime.db, 60) },
];
