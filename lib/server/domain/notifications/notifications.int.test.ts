import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as rejectRoute } from "@/app/v1/approvals/drafts/[draftId]/reject/route";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { POST as returnRoute } from "@/app/v1/sandbox/payments/[paymentId]/return/route";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { GET as listRoute } from "@/app/v1/me/notifications/route";
import { POST as readRoute } from "@/app/v1/me/notifications/[notificationId]/read/route";
import { POST as readAllRoute } from "@/app/v1/me/notifications/read-all/route";
import { GET as getPrefsRoute, PUT as putPrefsRoute } from "@/app/v1/me/notification-preferences/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { recordAttempt } from "@/lib/server/domain/delivery/repo";
import { FAILING_ENDPOINT_THRESHOLD, noteFailedAttempt } from "@/lib/server/domain/notifications/endpoint-failures";
import { notifyDraftDeadlines } from "@/lib/server/domain/notifications/jobs";
import type { TDraft } from "@/lib/contract/approvals/schema";
import type { TNotificationPage, TNotificationPreferences } from "@/lib/contract/notifications/schema";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { approvalTeam } from "@/tests/approvals";
import { achBody } from "@/tests/payments";
import { portalTokenFor } from "@/tests/portal";

/** Issue 22: who is told what, from which event, and what a person's choices change (docs/notifications.md). */

let treasurer: string;
let approver: string;
let admin: string;
let viewer: string;

type Row = { email: string; kind: string; title: string; body: string; link: string | null };

async function notificationsAbout(fragment: string): Promise<Row[]> {
  const { db } = await getRuntime();
  const { rows } = await db.query<Row>(
    `SELECT u.email, n.kind, n.title, n.body, n.link FROM notifications n JOIN users u USING (user_id)
      WHERE n.client_id = 'acme' AND (n.link LIKE '%' || $1 || '%' OR n.body LIKE '%' || $1 || '%') ORDER BY u.email, n.created_at`,
    [fragment],
  );
  return rows;
}

const emailsOf = (rows: Row[]) => rows.map((r) => r.email);

async function draft(amount: string, token = treasurer): Promise<string> {
  const res = await call<{ draft: TDraft }>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount, currency: "USD" } }) },
  });
  expect(res.status).toBe(201);
  return res.body.draft.draftId;
}

beforeAll(async () => {
  ({ treasurer, approver, admin } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }]));
  viewer = await portalTokenFor("viewer@acme.test");
});

describe("notification rules (issue 22)", () => {
  it("tells those who may approve a draft that it waits, never its maker, and the maker how it was decided", async () => {
    const draftId = await draft("1500.00");
    const waiting = await notificationsAbout(draftId);
    expect(emailsOf(waiting).sort()).toEqual(["admin@acme.test", "approver@acme.test"]);
    expect(waiting.every((n) => n.kind === "ApprovalWaiting" && n.link === `/approvals/${draftId}`)).toBe(true);
    // Written for people: the amount as the portal shows it, the cut-off in bank time with its zone, never UTC ISO.
    expect(waiting[0]!.body).toContain("The ACH payment of USD\u00a01,500.00 drafted by treasurer@acme.test needs your decision");
    expect(waiting[0]!.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const approved = await call(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token: approver, body: {}, params: { draftId } });
    expect(approved.status).toBe(200);
    const outcome = (await notificationsAbout(draftId)).filter((n) => n.kind === "DraftOutcome");
    expect(outcome).toEqual([expect.objectContaining({ email: "treasurer@acme.test", title: "Your draft was approved" })]);

    const rejectedId = await draft("1600.00");
    const rejected = await call(rejectRoute, `/v1/approvals/drafts/${rejectedId}/reject`, {
      token: admin,
      body: { comment: "Wrong beneficiary" },
      params: { draftId: rejectedId },
    });
    expect(rejected.status).toBe(200);
    const told = (await notificationsAbout(rejectedId)).filter((n) => n.kind === "DraftOutcome");
    expect(told).toEqual([expect.objectContaining({ email: "treasurer@acme.test", title: "Your draft was rejected" })]);
    expect(told[0]!.body).toContain('"Wrong beneficiary"');
  });

  it("warns of a draft expiring within the hour once, and tells its maker once it expired", async () => {
    const { db } = await getRuntime();
    const soon = await draft("1700.00");
    const gone = await draft("1800.00");
    await db.query("UPDATE payment_drafts SET expires_at = now() + interval '30 minutes' WHERE client_id = 'acme' AND draft_id = $1", [soon]);
    await db.query("UPDATE payment_drafts SET expires_at = now() - interval '1 minute' WHERE client_id = 'acme' AND draft_id = $1", [gone]);
    await notifyDraftDeadlines(db);
    await notifyDraftDeadlines(db);
    const warned = (await notificationsAbout(soon)).filter((n) => n.kind === "DraftExpiring");
    expect(emailsOf(warned)).toEqual(["admin@acme.test", "approver@acme.test", "treasurer@acme.test"]);
    expect(warned[0]!.body).toMatch(
      /ACH payment of USD\s1,700\.00 .*expires in (29|30) minutes \(at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M A[DS]T\)/,
    );
    const expired = (await notificationsAbout(gone)).filter((n) => n.kind === "DraftOutcome");
    expect(expired).toEqual([expect.objectContaining({ email: "treasurer@acme.test", title: "Your draft expired" })]);
    expect(expired[0]!.body).toMatch(/USD\s1,800\.00 passed its cut-off \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M A[DS]T\)/);
  });

  it("tells a payment's maker and the treasurers that it failed or came back, with the return's reason", async () => {
    const token = await tokenFor("acme");
    const made = await call(achRoute, "/v1/payments/ach-local", {
      token: admin,
      headers: { "idempotency-key": randomUUID() },
      body: achBody({ instructedAmount: { amount: "10.00", currency: "USD" } }),
    });
    expect(made.status).toBe(201);
    const paymentId = made.body.id as string;
    expect((await call(forceStatus, "/x", { token, params: { paymentId }, body: { status: "Completed" } })).status).toBe(200);
    expect((await notificationsAbout(paymentId)).length).toBe(0);
    const returned = await call(returnRoute, `/v1/sandbox/payments/${paymentId}/return`, { token, params: { paymentId }, body: { reasonCode: "AC04" } });
    expect(returned.status).toBe(200);
    const told = await notificationsAbout(paymentId);
    expect(emailsOf(told)).toEqual(["admin@acme.test", "treasurer@acme.test"]);
    expect(told[0]).toMatchObject({ kind: "PaymentProblem", title: "A payment was returned", link: `/payments/${paymentId}` });
    expect(told[0]!.body).toContain("The ACH payment of USD\u00a010.00 from account");
    expect(told[0]!.body).toContain("AC04 Closed account number. USD\u00a010.00 was credited back.");

    const failing = await call(achRoute, "/v1/payments/ach-local", { token, headers: { "idempotency-key": randomUUID() }, body: achBody() });
    const failedId = failing.body.id as string;
    expect((await call(forceStatus, "/x", { token, params: { paymentId: failedId }, body: { status: "Failed" } })).status).toBe(200);
    // Made by the integration, not a person: the treasurers hear of it.
    const failed = await notificationsAbout(failedId);
    expect(failed).toEqual([expect.objectContaining({ email: "treasurer@acme.test", title: "A payment failed" })]);
  });

  it(`tells administrators once per episode when an endpoint fails ${FAILING_ENDPOINT_THRESHOLD} attempts in a row`, async () => {
    const { db } = await getRuntime();
    const subscriptionId = randomUUID();
    const url = "http://127.0.0.1:9/hook";
    const deliveryId = await enqueueDelivery(db, { clientId: "acme", url, body: {}, source: { kind: "subscription", id: subscriptionId } });
    const attempt = async (attemptNo: number, succeeded: boolean) => {
      await recordAttempt(
        db,
        "acme",
        deliveryId,
        { attemptNo, attemptedAt: new Date(Date.now() + attemptNo), statusCode: succeeded ? 200 : 500, latencyMs: 1, succeeded, error: null },
        { status: "Pending", nextAttemptAt: null },
      );
      return succeeded ? false : noteFailedAttempt(db, "acme", subscriptionId, url);
    };
    const first = [];
    for (let n = 1; n <= FAILING_ENDPOINT_THRESHOLD + 2; n++) first.push(await attempt(n, false));
    expect(first).toEqual([false, false, false, false, true, false, false]);
    await attempt(8, true);
    const second = [];
    for (let n = 9; n <= 8 + FAILING_ENDPOINT_THRESHOLD; n++) second.push(await attempt(n, false));
    expect(second.at(-1)).toBe(true);
    const told = await notificationsAbout(subscriptionId);
    expect(told).toEqual([
      expect.objectContaining({ email: "admin@acme.test", kind: "WebhookFailing" }),
      expect.objectContaining({ email: "admin@acme.test", kind: "WebhookFailing" }),
    ]);
    expect(told[0]!.body).toContain("http://127.0.0.1:9");
  });
});

describe("a person's notifications and choices (GET/POST /v1/me/...)", () => {
  it("lists newest first in pages with the unread count, marks one and all read, and refuses another person's", async () => {
    await draft("1100.00");
    await draft("1200.00");
    await draft("1300.00");
    const first = await call<TNotificationPage>(listRoute, "/v1/me/notifications?pageSize=2", { token: approver });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]!.body).toContain("USD\u00a01,300.00");
    expect(first.body.meta.hasMore).toBe(true);
    const unread = first.body.meta.unread;
    expect(unread).toBeGreaterThanOrEqual(3);
    const second = await call<TNotificationPage>(listRoute, `/v1/me/notifications?pageSize=2&before=${first.body.meta.next}`, { token: approver });
    expect(second.body.data[0]!.body).toContain("USD\u00a01,100.00");

    const notificationId = first.body.data[0]!.notificationId;
    const read = await call(readRoute, "/x", { token: approver, params: { notificationId } });
    expect(read.body).toEqual({ marked: 1, unread: unread - 1 });
    expect((await call(readRoute, "/x", { token: approver, params: { notificationId } })).body).toEqual({ marked: 0, unread: unread - 1 });
    const notMine = await call(readRoute, "/x", { token: treasurer, params: { notificationId } });
    expectErrorBody(notMine.body, 404, "NOT_FOUND");
    const all = await call(readAllRoute, "/x", { token: approver });
    expect(all.body).toEqual({ marked: unread - 1, unread: 0 });
    const unreadOnly = await call<TNotificationPage>(listRoute, "/v1/me/notifications?unread=true", { token: approver });
    expect(unreadOnly.body.data).toEqual([]);
  });

  it("answers bad input with 400 and an integration's token with 403", async () => {
    expectErrorBody((await call(listRoute, "/v1/me/notifications?pageSize=0", { token: approver })).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await call(listRoute, `/v1/me/notifications?before=${randomUUID()}`, { token: approver })).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await call(readRoute, "/x", { token: approver, params: { notificationId: "nope" } })).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await call(listRoute, "/v1/me/notifications", { token: await tokenFor("acme") })).body, 403, "FORBIDDEN");
    const dup = await call(putPrefsRoute, "/x", {
      method: "PUT",
      token: viewer,
      body: {
        preferences: [
          { kind: "PaymentProblem", inPortal: true, byEmail: true },
          { kind: "PaymentProblem", inPortal: false, byEmail: false },
        ],
      },
    });
    expectErrorBody(dup.body, 400, "VALIDATION_ERROR");
  });

  it("keeps a kind turned off out of the centre, writes an e-mail for a kind wanted by e-mail, and audits the change", async () => {
    const defaults = await call<TNotificationPreferences>(getPrefsRoute, "/x", { token: admin });
    expect(defaults.body.preferences).toHaveLength(5);
    expect(defaults.body.preferences.every((p) => p.inPortal && !p.byEmail)).toBe(true);
    const changed = await call<TNotificationPreferences>(putPrefsRoute, "/x", {
      method: "PUT",
      token: admin,
      body: { preferences: [{ kind: "ApprovalWaiting", inPortal: false, byEmail: true }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.preferences.find((p) => p.kind === "ApprovalWaiting")).toEqual({ kind: "ApprovalWaiting", inPortal: false, byEmail: false });
    await call(putPrefsRoute, "/x", { method: "PUT", token: approver, body: { preferences: [{ kind: "ApprovalWaiting", inPortal: true, byEmail: true }] } });

    const draftId = await draft("1900.00");
    expect(emailsOf(await notificationsAbout(draftId))).toEqual(["approver@acme.test"]);
    const { db } = await getRuntime();
    const mail = await db.query("SELECT e.to_address, e.status FROM email_outbox e JOIN notifications n USING (client_id, notification_id) WHERE n.link = $1", [
      `/approvals/${draftId}`,
    ]);
    expect(mail.rows).toEqual([{ to_address: "approver@acme.test", status: "Pending" }]);
    const audit = await db.query(
      "SELECT actor, before, after FROM audit_log WHERE client_id = 'acme' AND action = 'notification_preferences.changed' ORDER BY audit_id",
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0].after.preferences).toContainEqual({ kind: "ApprovalWaiting", inPortal: false, byEmail: false });
  });
});
