import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { PUT as putPrefsRoute } from "@/app/v1/me/notification-preferences/route";
import { GET as signingSecretRoute } from "@/app/v1/notifications/signing-secret/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { Worker } from "@/lib/server/core/jobs/worker";
import type { Runtime } from "@/lib/server/core/runtime";
import { EMAIL_TASK } from "@/lib/server/domain/notifications/email-task";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { call, tokenFor } from "@/tests/api";
import { approvalTeam } from "@/tests/approvals";
import { achBody } from "@/tests/payments";

/**
 * Issue 22: notification e-mail goes through the outbox to the SMTP server at SMTP_URL, once, to the right person,
 * with no secret in it. The server is a real SMTP server (the smtp-server package) on 127.0.0.1.
 */

type Received = { from: string | undefined; to: string[]; user: string | undefined; raw: string };
const received: Received[] = [];
/** Answers for the next messages (451: try later); empty, accepted. */
const refusals: number[] = [];
const SMTP_PASSWORD = `pw-${randomUUID()}`;

const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  allowInsecureAuth: true,
  authOptional: true,
  logger: false,
  onAuth(auth, _session, done) {
    done(null, { user: auth.username });
  },
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const code = refusals.shift();
      if (code) return done(Object.assign(new Error("Mailbox busy, try later"), { responseCode: code }));
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user,
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      done();
    });
  },
});

let treasurer: string;
let approver: string;
let runtime: Runtime;
let withSmtp: Runtime;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  runtime = await getRuntime();
  const url = `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${port}`;
  // The runtime the worker would build with SMTP_URL set (and retries at once, WEBHOOK_RETRY_SCALE=0).
  withSmtp = { ...runtime, config: { ...runtime.config, webhookRetryScale: 0, smtp: { url, from: "Harbour <notifications@harbour.bank>" } } };
  ({ treasurer, approver } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }]));
  const prefs = await call(putPrefsRoute, "/x", {
    method: "PUT",
    token: approver,
    body: { preferences: [{ kind: "ApprovalWaiting", inPortal: true, byEmail: true }] },
  });
  expect(prefs.status).toBe(200);
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function draftWaiting(): Promise<{ draftId: string; messageId: string }> {
  const res = await call<{ draft: TDraft }>(createDraftRoute, "/v1/approvals/drafts", {
    token: treasurer,
    headers: { "idempotency-key": randomUUID() },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount: "2500.00", currency: "USD" } }) },
  });
  expect(res.status).toBe(201);
  const draftId = res.body.draft.draftId;
  const { rows } = await runtime.db.query<{ message_id: string }>(
    "SELECT e.message_id::text FROM email_outbox e JOIN notifications n USING (client_id, notification_id) WHERE n.link = $1",
    [`/approvals/${draftId}`],
  );
  expect(rows).toHaveLength(1);
  return { draftId, messageId: rows[0]!.message_id };
}

async function statusOf(messageId: string): Promise<{ status: string; attempts: number; last_error: string | null }> {
  const { rows } = await runtime.db.query("SELECT status, attempts, last_error FROM email_outbox WHERE message_id = $1", [messageId]);
  return rows[0];
}

const drain = (rt: Runtime) => new Worker(rt, [EMAIL_TASK]).drain();
/**
 * The message as its reader sees it: quoted-printable undone (soft line breaks, =XX bytes as UTF-8). A body with a
 * non-ASCII character (the no-break space in "USD 2,500.00") is sent quoted-printable, its lines broken at 76.
 */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
const mailsAbout = (draftId: string) => received.filter((m) => readable(m.raw).includes(draftId));

describe("notification e-mail through the outbox (issue 22)", () => {
  it("arrives once, to the person who asked for it, with a stable Message-ID and no secret in it", async () => {
    const { draftId, messageId } = await draftWaiting();
    await drain(withSmtp);
    await drain(withSmtp);
    const mails = mailsAbout(draftId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["approver@acme.test"]);
    expect(mails[0]!.from).toBe("notifications@harbour.bank");
    expect(mails[0]!.user).toBe("mailer");
    expect(mails[0]!.raw).toContain("Subject: A draft waits for your approval");
    expect(readable(mails[0]!.raw)).toContain("The ACH payment of USD\u00a02,500.00 drafted by treasurer@acme.test");
    expect(mails[0]!.raw).toContain(`Message-ID: <${messageId}@harbour.local>`);
    expect(await statusOf(messageId)).toMatchObject({ status: "Sent", attempts: 1 });

    const secret = await call<{ secret?: string; signingSecret?: string }>(signingSecretRoute, "/v1/notifications/signing-secret", {
      token: await tokenFor("acme"),
    });
    const secrets = [SMTP_PASSWORD, treasurer, approver, ...Object.values(secret.body).filter((v): v is string => typeof v === "string" && v.length > 20)];
    for (const s of secrets) expect(mails[0]!.raw).not.toContain(s);
    expect(mails[0]!.raw).not.toMatch(/password|token=|Bearer /i);
  });

  it("never sends twice a message a crashed run left Sending: it becomes Unknown", async () => {
    const { draftId, messageId } = await draftWaiting();
    // A run claimed it, handed it to the server, and died before marking it.
    await runtime.db.query("UPDATE email_outbox SET status = 'Sending', attempts = 1 WHERE message_id = $1", [messageId]);
    await drain(withSmtp);
    expect(mailsAbout(draftId)).toHaveLength(0);
    expect(await statusOf(messageId)).toMatchObject({ status: "Unknown" });
  });

  it("retries a message the server refused for now, and sends it once", async () => {
    const { draftId, messageId } = await draftWaiting();
    refusals.push(451);
    await drain(withSmtp);
    expect(await statusOf(messageId)).toMatchObject({ status: "Pending", attempts: 1, last_error: expect.stringContaining("try later") });
    await drain(withSmtp);
    expect(mailsAbout(draftId)).toHaveLength(1);
    expect(await statusOf(messageId)).toMatchObject({ status: "Sent", attempts: 2 });
  });

  it("marks the message Skipped, and sends nothing, without SMTP_URL", async () => {
    const { draftId, messageId } = await draftWaiting();
    await drain({ ...runtime, config: { ...runtime.config, smtp: null } });
    expect(mailsAbout(draftId)).toHaveLength(0);
    expect(await statusOf(messageId)).toMatchObject({ status: "Skipped", last_error: "SMTP_URL is not set" });
  });
});
