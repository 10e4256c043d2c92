/**
 * The operators' view of the whole service (issue 15, "Watching it"): every
 * instance's heartbeat, the queue by kind, the oldest due task and the webhook
 * backlog. Bank-wide, so it is shown on the operations console only; a
 * client's System page shows its own figures (TSystemStatus).
 */
export type TInstance = { workerId: string; startedAt: string; seenAt: string; lastSeenSeconds: number; alive: boolean };

export type TQueueKind = { kind: string; open: number; due: number; running: number; oldestDueSeconds: number | null };

export type TOldestDueTask = {
  taskId: string;
  kind: string;
  clientId: string | null;
  runAt: string;
  waitingSeconds: number;
  attempts: number;
  lastError: string | null;
};

export type TWebhookBacklog = { clientId: string; pending: number; oldestPendingSeconds: number; failedLastDay: number };

export type TBankStatus = {
  checkedAt: string;
  /** Seen within this many seconds counts as alive. */
  aliveWithinSeconds: number;
  instances: TInstance[];
  queue: TQueueKind[];
  oldestDue: TOldestDueTask | null;
  webhooks: { pending: number; failedLastDay: number; byClient: TWebhookBacklog[] };
};
