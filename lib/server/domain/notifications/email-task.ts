import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { nextRetryDelayMs } from "@/lib/server/domain/delivery/retry-schedule";
import { claimEmail, finishEmail, markInterrupted, type EmailRow } from "@/lib/server/domain/notifications/email-repo";
import { EMAIL_TASK_KIND } from "@/lib/server/domain/notifications/notify";
import { RetryLater, type TaskDefinition } from "@/lib/server/core/jobs/worker";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import { NOTIFICATION_KIND_LABELS } from "@/lib/contract/notifications/schema";
import type { Runtime } from "@/lib/server/core/runtime";

/** Bounded waits on the SMTP server, well inside the task's lease: a lapsed lease then means the process died. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
    transports.set(url, transport);
  }
  return transport;
}

/** The message as sent. Its Message-ID is the outbox row's: the same on any resend by an operator, so receivers dedupe. */
export function composeEmail(row: EmailRow, options: { from: string; linkBaseUrl: string | undefined }) {
  const domain = options.linkBaseUrl ? new URL(options.linkBaseUrl).hostname : "harbour.local";
  const where = row.link
    ? options.linkBaseUrl
      ? `Open it in the portal: ${options.linkBaseUrl}${row.link}`
      : `Open it in the portal at ${row.link}.`
    : "Open the portal's notifications to see it.";
  const text = [
    row.subject,
    "",
    row.text_body,
    "",
    where,
    "",
    `You get this e-mail because you asked for "${NOTIFICATION_KIND_LABELS[row.kind].label}" by e-mail. Change that in the portal, under Notifications, Preferences.`,
  ].join("\n");
  return { from: options.from, to: row.to_address, subject: row.subject, text, messageId: `<${row.message_id}@${domain}>` };
}

/** A 5xx answer is the server's final word (no such mailbox, refused): retrying would not change it. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500;
}

/**
 * Sends one e-mail of the outbox, once (docs/notifications.md, "Exactly once"): the row is claimed (Sending) in a
 * commit of its own before the SMTP conversation, marked after it; a run that finds it still Sending knows a process
 * died in between and marks it Unknown rather than send it twice. Refusals the server answered are retried on the
 * webhooks' schedule (WEBHOOK_RETRY_SCALE applies), then Failed.
 */
export async function sendEmail(task: Task, runtime: Runtime): Promise<void> {
  const clientId = task.client_id;
  const messageId = String(task.payload.messageId ?? "");
  if (!clientId || !messageId) return;
  const row = await claimEmail(runtime.db, clientId, messageId);
  if (!row) {
    await markInterrupted(runtime.db, clientId, messageId);
    return;
  }
  const smtp = runtime.config.smtp;
  if (!smtp) {
    await finishEmail(runtime.db, clientId, messageId, { status: "Skipped", reason: "SMTP_URL is not set" });
    return;
  }
  try {
    const info = await transportFor(smtp.url).sendMail(composeEmail(row, { from: smtp.from, linkBaseUrl: runtime.config.linkBaseUrl }));
    await finishEmail(runtime.db, clientId, messageId, { status: "Sent", smtpResponse: String(info.response ?? "") });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delayMs = isPermanent(error) ? null : nextRetryDelayMs(row.attempts, runtime.config.webhookRetryScale);
    await finishEmail(runtime.db, clientId, messageId, { status: delayMs === null ? "Failed" : "Pending", error: message });
    if (delayMs !== null) throw new RetryLater(delayMs, `e-mail not accepted: ${message}`);
  }
}

export const EMAIL_TASK: TaskDefinition = {
  kind: EMAIL_TASK_KIND,
  leaseSeconds: 120,
  maxAttempts: 20,
  handle: sendEmail,
};
