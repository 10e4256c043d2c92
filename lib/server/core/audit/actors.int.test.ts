import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as deliveryRetryRoute } from "@/app/v1/notifications/deliveries/[deliveryId]/retry/route";
import { POST as rotateSecretRoute } from "@/app/v1/notifications/signing-secret/rotate/route";
import { DELETE as deleteSubscriptionRoute } from "@/app/v1/notifications/subscriptions/[subscriptionId]/route";
import { POST as createSubscriptionRoute } from "@/app/v1/notifications/subscriptions/route";
import { PUT as putPoliciesRoute } from "@/app/v1/approvals/policies/route";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { POST as approveDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as rejectDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/reject/route";
import { POST as redraftDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/redraft/route";
import { POST as forceStatusRoute } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { DELETE as endSessionsRoute } from "@/app/v1/users/[userId]/sessions/route";
import { PUT as putNotificationPreferencesRoute } from "@/app/v1/me/notification-preferences/route";
import { PATCH as patchV1Route } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/route";
import { POST as createV1Route } from "@/app/v1/virtual-accounts/route";
import { PATCH as patchV2Route } from "@/app/v2/virtual-accounts/[virtualAccountNumber]/route";
import { GET as jobResultsRoute } from "@/app/v1/jobs/[jobId]/results/route";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { POST as cancelRoute } from "@/app/v1/payments/[paymentId]/cancel/route";
import { makeScheduledPayment } from "@/lib/server/domain/payments/scheduled";
import { bankInstant } from "@/lib/contract/payments/settlement-date";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { POST as createRunRoute } from "@/app/v1/payment-batches/route";
import { POST as createPayeeRoute } from "@/app/v1/counterparties/route";
import { DELETE as deletePayeeRoute, PATCH as patchPayeeRoute } from "@/app/v1/counterparties/[counterpartyId]/route";
import { POST as createTemplateRoute } from "@/app/v1/payment-templates/route";
import { DELETE as deleteTemplateRoute, PATCH as patchTemplateRoute } from "@/app/v1/payment-templates/[templateId]/route";
import { POST as createStandingOrderRoute } from "@/app/v1/standing-orders/route";
import { DELETE as cancelStandingOrderRoute, PATCH as changeStandingOrderRoute } from "@/app/v1/standing-orders/[standingOrderId]/route";
import { systemActor } from "@/lib/server/core/audit/actors";
import { personActor, requestOrigin } from "@/lib/server/entry/portal/person-actor";
import { beginEnrolment, confirmEnrolment, recordProof, regenerateRecoveryCodes, secondFactorAtSignIn } from "@/lib/server/domain/auth/second-factor";
import { resetSecondFactor } from "@/lib/server/domain/auth/second-factor-team";
import { closeSession, openSession, signOutEverywhere } from "@/lib/server/domain/auth/session-audit";
import { SESSION_EXPIRY_JOB } from "@/lib/server/domain/auth/session-expiry";
import { startSession } from "@/lib/server/domain/auth/sessions";
import { authenticate } from "@/lib/server/domain/auth/sign-in";
import { ZCodeForm } from "@/lib/contract/auth/second-factor";
import { answerStepUp } from "@/lib/server/domain/auth/step-up-answer";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { MAINTENANCE_JOBS } from "@/lib/server/entry/jobs/maintenance";
import { TASK_DEFINITIONS } from "@/lib/server/entry/jobs/registry";
import { Worker } from "@/lib/server/core/jobs/worker";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { runConsoleAction } from "@/lib/server/entry/console/console-actions";
import { cliActor } from "@/lib/server/core/operation-context";
import { createClient } from "@/lib/server/domain/operations/clients";
import { openAccount } from "@/lib/server/domain/operations/accounts";
import { addBankCode, addHoliday } from "@/lib/server/domain/operations/reference";
import { createOperator, inviteUser, setPasswordWithLink, setUserDisabled } from "@/lib/server/domain/operations/users";
import { operatorContext, type Operator } from "@/lib/server/entry/console/operator-session";
import { getRuntime } from "@/lib/server/entry/runtime";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { CONSOLE_ACTIONS, type ConsoleAction } from "@/lib/contract/ops/console";
import { OPERATOR_ROLE } from "@/lib/contract/auth/staff";
import { PAYMENT_TRANSITIONS } from "@/lib/contract/payments/schema";
import { ZJobStatusValue } from "@/lib/contract/virtual-accounts/responses";
import { call, tokenFor } from "@/tests/api";
import { opsContext, runOps } from "@/tests/ops";
import { achBody } from "@/tests/payments";
import { portalSessionFor } from "@/tests/portal";

/**
 * Attribution (decisions §11; docs/audit.md): every audited action, through each way in that offers it, records
 * the right actor. A person's act carries the person (`user:<id>`), an integration's the client (`client:<id>`), a
 * console action the operator (`user:<id>` of an operator), the command line and jobs `system:<name>`; with the
 * request's IP address and correlation id wherever there is a request.
 *
 * The list of audited actions is read from the code (every `entity.verb` literal an audit write names; a template
 * such as `payment.${status}` is a family whose members are listed below): an action the code writes without a case
 * here, or a case for an action the code no longer writes, fails the first test. The console's actions and the
 * command line's writing commands are read from their registries the same way.
 */

// ---------------------------------------------------------------------------------------------------------------
// The audited actions, as the code names them.

const ROOT = process.cwd();
const SOURCES = ["lib/server", "app", "migrations/functions"];
const LITERAL = /["'`]([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)["'`]/g;
const TEMPLATE = /`([a-z][a-z0-9_]*)\.\$\{/g;
const WRITES_AUDIT = /writeAudit|auditOperation|audit_write|\baudit\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative] : [];
  });
}

/** A source file's code, comments left out. */
function codeOf(file: string): string {
  const raw = readFileSync(path.join(ROOT, file), "utf8");
  return file.endsWith(".sql") ? raw.replace(/--.*$/gm, "") : raw.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/** Every `entity.verb` named on a line about an action, or anywhere in a file that writes audit rows; comments left out. */
function auditedActionsInCode(): Set<string> {
  const found = new Set<string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const code = codeOf(file);
    const writer = WRITES_AUDIT.test(code);
    for (const line of code.split("\n")) {
      if (!writer && !/\baction\b/.test(line)) continue;
      for (const m of line.matchAll(LITERAL)) found.add(m[1]!);
      for (const m of line.matchAll(TEMPLATE)) found.add(`${m[1]}.*`);
    }
  }
  return found;
}

/** Actions built from a template: their members, from the statuses they are built from. */
const FAMILIES: Record<string, string[]> = {
  /** lib/server/domain/payments/lifecycle.ts: `payment.${to}` for each status a move may reach (PAYMENT_TRANSITIONS). */
  "payment.*": [...new Set(Object.values(PAYMENT_TRANSITIONS).flat())].map((to) => `payment.${to.toLowerCase()}`),
  /** lib/server/domain/virtual-accounts/jobs/process.ts: `virtual_account_job.${status}` for each status a job ends in. */
  /** lib/server/domain/payment-runs/process.ts: `payment_batch.${status}` for the status a run ends in. */
  "payment_batch.*": ["payment_batch.completed"],
  "virtual_account_job.*": ZJobStatusValue.options.filter((s) => s !== "Pending" && s !== "Processing").map((s) => `virtual_account_job.${s.toLowerCase()}`),
};

/** Audited actions with no case yet, each with why: not silently skipped. */
const PENDING: Record<string, string> = {
  "counterparty.approved":
    "a second person deciding a payee under a COUNTERPARTY policy, with step-up: app/v1/counterparties/counterparties.int.test.ts checks the decision; its actor case is still to write",
  "counterparty.rejected": "as counterparty.approved",
};

/** An actor spelled by hand (`user:`, `client:`, `system:` in a string) outside the audit module rather than built by lib/server/core/audit/actors.ts. */
const SPELLED_ACTOR = /["'`](user|client|system):/;

/** Files that still spell an actor by hand, each with why; a file here that no longer does fails the test (take it off). */
const SPELLED_PENDING: Record<string, string> = {};

function filesSpellingActors(): string[] {
  return (
    ["lib/server", "app"]
      .flatMap(sourceFiles)
      // The audit module owns the format: actors.ts builds it, write.ts types it, log.ts reads it.
      .filter(
        (file) =>
          ![path.join("lib", "server", "core", "audit"), path.join("lib", "server", "domain", "audit-log")].some((dir) => file.startsWith(dir + path.sep)),
      )
      .filter((file) => SPELLED_ACTOR.test(codeOf(file)))
      .sort()
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Ways in, and what each must record.

/** integration: an API client's own token; person: a portal user (their token, a portal route, a server action, sign-in); console: an operator; cli: npm run ops; worker: a job. */
type Way = "integration" | "person" | "console" | "cli" | "worker";
/** A request's address and correlation id, fresh per case. */
type Req = { ip: string; correlationId: string; headers: Record<string, string> };
/** What the rows must carry: `minted` is a correlation id the adapter made itself (the command line). */
type Expected = { actor: string; ip: string | null; correlationId: string | null | "minted" };
type Case = { action: string; way: Way; via: string; run: (req: Req) => Promise<Expected> };

const CASES: Case[] = [];
const add = (action: string, way: Way, via: string, run: Case["run"]) => CASES.push({ action, way, via, run });

let counter = 0;
const next = () => ++counter;
const fromRequest = (actor: string, req: Req): Expected => ({ actor, ip: req.ip, correlationId: req.correlationId });

type Ids = { acmeAdmin: string; treasurer: string; viewer: string; operator: string; operatorSession: string };
const ids = {} as Ids;

async function userId(email: string): Promise<string> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ id: string }>("SELECT user_id::text AS id FROM users WHERE email = $1", [email]);
  return rows[0]!.id;
}

/** The token of a way that has one: an integration's, or a fresh portal session's (the person's id with it). */
async function tokenOf(way: "integration" | "person", email = "admin@acme.test"): Promise<{ token: string; actor: string }> {
  if (way === "integration") {
    const client = email.split("@")[1]!.replace(".test", "");
    return { token: await tokenFor(client), actor: `client:${client}` };
  }
  const session = await portalSessionFor(email);
  return { token: session.token, actor: `user:${session.userId}` };
}

// --- The /v1 API: an integration's token and a portal user's, through the whole pipeline. ---------------------

for (const way of ["integration", "person"] as const) {
  const subscribe = async (token: string, req?: Req) => {
    const res = await call<{ subscriptionId: string }>(createSubscriptionRoute, "/v1/notifications/subscriptions", {
      token,
      body: { topic: "Deposits", callbackUrl: "http://127.0.0.1:9/hook" },
      headers: req?.headers,
    });
    expect(res.status).toBe(201);
    return res.body.subscriptionId;
  };
  add("subscription.created", way, "POST /v1/notifications/subscriptions", async (req) => {
    const { token, actor } = await tokenOf(way);
    await subscribe(token, req);
    return fromRequest(actor, req);
  });
  add("subscription.deleted", way, "DELETE /v1/notifications/subscriptions/{id}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const subscriptionId = await subscribe(token);
    const res = await call(deleteSubscriptionRoute, "/x", { method: "DELETE", token, params: { subscriptionId }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("delivery.retried", way, "POST /v1/notifications/deliveries/{id}/retry", async (req) => {
    const { token, actor } = await tokenOf(way);
    const { db } = await getRuntime();
    const deliveryId = await withTransaction(db, (tx) =>
      enqueueDelivery(tx, {
        clientId: "acme",
        url: "http://127.0.0.1:9/hook",
        body: { n: next() },
        source: { kind: "test", id: "actors" },
      }),
    );
    await db.query("UPDATE deliveries SET status = 'Failed', completed_at = now() WHERE delivery_id = $1", [deliveryId]);
    const res = await call(deliveryRetryRoute, "/x", { method: "POST", token, params: { deliveryId }, headers: req.headers });
    expect(res.status).toBe(202);
    return fromRequest(actor, req);
  });
  add("signing_secret.rotated", way, "POST /v1/notifications/signing-secret/rotate", async (req) => {
    // acme's webhooks are signed with the bank's RSA key: globex has a secret to rotate.
    const { token, actor } = await tokenOf(way, "admin@globex.test");
    const res = await call(rotateSecretRoute, "/x", { method: "POST", token, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });

  /** A new unallocated USD virtual account of acme's, made by an integration's batch. */
  const unallocated = async (): Promise<string> => {
    const token = await tokenFor("acme");
    const res = await call<{ jobId: string }>(createV1Route, "/v1/virtual-accounts", { token, body: { items: [{ currency: "USD", unallocated: true }] } });
    await drainWorker();
    const results = await call<{ data: Array<{ virtualAccountNumber: string }> }>(jobResultsRoute, "/x", { token, params: { jobId: res.body.jobId } });
    return results.body.data[0]!.virtualAccountNumber;
  };
  const allocate = { accountHolderName: "Actor Holder", accountName: "Actor Account", clientReference: "ACT-1" };
  add("virtual_account.allocated", way, "PATCH /v1/virtual-accounts/{n}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const number = await unallocated();
    const res = await call(patchV1Route, "/x", { method: "PATCH", token, params: { virtualAccountNumber: number }, body: allocate, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("virtual_account.updated", way, "PATCH /v2/virtual-accounts/{n}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const number = await unallocated();
    expect((await call(patchV1Route, "/x", { method: "PATCH", token, params: { virtualAccountNumber: number }, body: allocate })).status).toBe(200);
    const res = await call(patchV2Route, "/x", {
      method: "PATCH",
      token,
      params: { virtualAccountNumber: number },
      body: { clientReference: "ACT-2" },
      headers: req.headers,
    });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  const addPayee = async (token: string, headers?: Record<string, string>) => {
    const body = {
      rail: "ACH",
      name: "Island Supplies",
      creditorAccount: { identification: "20004455667" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
    };
    const res = await call<{ counterpartyId: string }>(createPayeeRoute, "/v1/counterparties", { token, body, headers });
    expect(res.status).toBe(201);
    return res.body.counterpartyId;
  };
  add("counterparty.created", way, "POST /v1/counterparties", async (req) => {
    const { token, actor } = await tokenOf(way);
    await addPayee(token, req.headers);
    return fromRequest(actor, req);
  });
  add("counterparty.changed", way, "PATCH /v1/counterparties/{id}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const counterpartyId = await addPayee(token);
    const res = await call(patchPayeeRoute, "/x", {
      method: "PATCH",
      token,
      body: { name: "Island Supplies Ltd" },
      params: { counterpartyId },
      headers: req.headers,
    });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("counterparty.deleted", way, "DELETE /v1/counterparties/{id}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const counterpartyId = await addPayee(token);
    const res = await call(deletePayeeRoute, "/x", { method: "DELETE", token, params: { counterpartyId }, headers: req.headers });
    expect(res.status).toBeLessThan(300);
    return fromRequest(actor, req);
  });
  const addTemplate = async (token: string, headers?: Record<string, string>) => {
    const body = { name: `Template ${randomUUID()}`, rail: "ACH", request: achBody() };
    const res = await call<{ templateId: string }>(createTemplateRoute, "/v1/payment-templates", { token, body, headers });
    expect(res.status).toBe(201);
    return res.body.templateId;
  };
  add("payment_template.created", way, "POST /v1/payment-templates", async (req) => {
    const { token, actor } = await tokenOf(way);
    await addTemplate(token, req.headers);
    return fromRequest(actor, req);
  });
  add("payment_template.changed", way, "PATCH /v1/payment-templates/{id}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const templateId = await addTemplate(token);
    const body = { name: `Renamed ${randomUUID()}` };
    const res = await call(patchTemplateRoute, "/x", { method: "PATCH", token, body, params: { templateId }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("payment_template.deleted", way, "DELETE /v1/payment-templates/{id}", async (req) => {
    const { token, actor } = await tokenOf(way);
    const templateId = await addTemplate(token);
    const res = await call(deleteTemplateRoute, "/x", { method: "DELETE", token, params: { templateId }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  const addStandingOrder = async (token: string, headers?: Record<string, string>) => {
    const body = {
      rail: "ACH",
      request: achBody({ instructedAmount: { amount: "1.05", currency: "USD" } }),
      schedule: { frequency: "Monthly", startDate: inBankDays(20), count: 2 },
    };
    const res = await call<{ standingOrderId: string }>(createStandingOrderRoute, "/v1/standing-orders", { token, body, headers });
    expect(res.status).toBe(201);
    return res.body.standingOrderId;
  };
  add("standing_order.created", way, "POST /v1/standing-orders", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    await addStandingOrder(token, req.headers);
    return fromRequest(actor, req);
  });
  add("standing_order.cancelled", way, "DELETE /v1/standing-orders/{id}", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const standingOrderId = await addStandingOrder(token);
    const res = await call(cancelStandingOrderRoute, "/x", { method: "DELETE", token, params: { standingOrderId }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("standing_order.changed", way, "PATCH /v1/standing-orders/{id}", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const standingOrderId = await addStandingOrder(token);
    const body = { request: achBody({ instructedAmount: { amount: "1.06", currency: "USD" } }) };
    const res = await call(changeStandingOrderRoute, "/x", { method: "PATCH", token, body, params: { standingOrderId }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
  add("payment_batch.accepted", way, "POST /v1/payment-batches", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const items = [{ rail: "ACH", request: achBody({ instructedAmount: { amount: "1.10", currency: "USD" } }) }];
    const res = await call(createRunRoute, "/v1/payment-batches", { token, body: { items }, headers: req.headers });
    expect(res.status).toBe(202);
    return fromRequest(actor, req);
  });
  add("virtual_account_job.accepted", way, "POST /v1/virtual-accounts", async (req) => {
    const { token, actor } = await tokenOf(way);
    const res = await call(createV1Route, "/v1/virtual-accounts", { token, body: { items: [{ currency: "USD", unallocated: true }] }, headers: req.headers });
    expect(res.status).toBe(202);
    return fromRequest(actor, req);
  });
  // The accounts are created by the worker, on behalf of whoever submitted the batch: their actor, no request.
  add("virtual_account.created", way, "POST /v1/virtual-accounts, then the worker", async (req) => {
    const { token, actor } = await tokenOf(way);
    expect(
      (await call(createV1Route, "/v1/virtual-accounts", { token, body: { items: [{ currency: "USD", unallocated: true }] }, headers: req.headers })).status,
    ).toBe(202);
    await drainWorker();
    return { actor, ip: null, correlationId: null };
  });

  add("payment.created", way, "POST /v1/payments/ach-local", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const res = await call(achRoute, "/v1/payments/ach-local", {
      token,
      body: achBody({ instructedAmount: { amount: "1.25", currency: "USD" } }),
      headers: req.headers,
    });
    expect(res.status).toBe(201);
    return fromRequest(actor, req);
  });

  const pay = async (): Promise<string> => {
    const res = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
      token: await tokenFor("acme"),
      body: achBody({ instructedAmount: { amount: "1.50", currency: "USD" } }),
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const force = async (token: string, paymentId: string, status: string, headers?: Record<string, string>) => {
    const res = await call(forceStatusRoute, "/x", { token, params: { paymentId }, body: { status }, headers });
    expect(res.status).toBe(200);
  };
  add("payment.completed", way, "POST /v1/sandbox/payments/{id}/status", async (req) => {
    const { token, actor } = await tokenOf(way);
    await force(token, await pay(), "Completed", req.headers);
    return fromRequest(actor, req);
  });
  add("payment.failed", way, "POST /v1/sandbox/payments/{id}/status", async (req) => {
    const { token, actor } = await tokenOf(way);
    await force(token, await pay(), "Failed", req.headers);
    return fromRequest(actor, req);
  });
  add("payment.reversed", way, "POST /v1/sandbox/payments/{id}/status", async (req) => {
    const { token, actor } = await tokenOf(way);
    const paymentId = await pay();
    await force(token, paymentId, "Completed");
    await force(token, paymentId, "Reversed", req.headers);
    return fromRequest(actor, req);
  });
  add("payment.scheduled", way, "POST /v1/payments/ach-local with a later requestedExecutionDate", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const body = achBody({ instructedAmount: { amount: "1.30", currency: "USD" }, requestedExecutionDate: inBankDays(10) });
    const res = await call(achRoute, "/v1/payments/ach-local", { token, body, headers: req.headers });
    expect(res.status).toBe(201);
    return fromRequest(actor, req);
  });
  add("payment.cancelled", way, "POST /v1/payments/{id}/cancel", async (req) => {
    const { token, actor } = await tokenOf(way, "treasurer@acme.test");
    const body = achBody({ instructedAmount: { amount: "1.35", currency: "USD" }, requestedExecutionDate: inBankDays(10) });
    const made = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", { token, body });
    const res = await call(cancelRoute, "/x", { token, params: { paymentId: made.body.id }, headers: req.headers });
    expect(res.status).toBe(200);
    return fromRequest(actor, req);
  });
}

/** A bank date `days` from now (Atlantic/Bermuda). */
function inBankDays(days: number): string {
  return bankLocalParts(new Date(Date.now() + days * 86_400_000)).date;
}

// The worker makes a Scheduled payment on its day with the rail's use case: the payment's creation is the scheduler's.
add("payment.created", "worker", "make-scheduled-payments", async () => {
  const body = achBody({ instructedAmount: { amount: "1.40", currency: "USD" }, requestedExecutionDate: inBankDays(10) });
  const made = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", { token: await tokenFor("acme"), body });
  expect(made.status).toBe(201);
  const runtime = await getRuntime();
  const { rows } = await runtime.db.query<{ d: string }>("SELECT execution_date::text AS d FROM payments WHERE payment_id = $1", [made.body.id]);
  // The clock moved to the payment's bank day, at noon (after any cut-off matters only for the settlement date).
  await withTransaction(runtime.db, (tx) =>
    makeScheduledPayment(tx, { clientId: "acme", paymentId: made.body.id, now: bankInstant(rows[0]!.d, { hour: 12, minute: 0 }), lockTimeoutMs: 2000 }),
  );
  return { actor: systemActor("scheduler"), ip: null, correlationId: null };
});

add("payment.rejected", "integration", "POST /v1/payments/ach-local (more than the balance)", async (req) => {
  const res = await call(achRoute, "/v1/payments/ach-local", {
    token: await tokenFor("acme"),
    body: achBody({ instructedAmount: { amount: "999999999.00", currency: "USD" } }),
    headers: req.headers,
  });
  expect(res.status).toBeGreaterThanOrEqual(200);
  return fromRequest("client:acme", req);
});

// Portal-only acts through the API: an integration's token is refused (no person to attribute them to).
add("approval_policy.changed", "person", "PUT /v1/approvals/policies", async (req) => {
  const { token, actor } = await tokenOf("person");
  const res = await call(putPoliciesRoute, "/v1/approvals/policies", { method: "PUT", token, body: { policies: [] }, headers: req.headers });
  expect(res.status).toBe(200);
  return fromRequest(actor, req);
});
add("notification_preferences.changed", "person", "PUT /v1/me/notification-preferences", async (req) => {
  const { token, actor } = await tokenOf("person");
  const body = { preferences: [{ kind: "PaymentProblem", inPortal: true, byEmail: true }] };
  const res = await call(putNotificationPreferencesRoute, "/v1/me/notification-preferences", { method: "PUT", token, body, headers: req.headers });
  expect(res.status).toBe(200);
  return fromRequest(actor, req);
});
add("user.sessions_ended", "person", "DELETE /v1/users/{id}/sessions (an administrator)", async (req) => {
  const { token, actor } = await tokenOf("person");
  const target = await portalSessionFor("viewer@acme.test");
  const res = await call(endSessionsRoute, "/x", { method: "DELETE", token, params: { userId: target.userId }, headers: req.headers });
  expect(res.status).toBe(200);
  return fromRequest(actor, req);
});

// --- Dual control: drafts and decisions are people's acts; the last approval's payment is the maker's. ----------

/** An ACH draft of acme's treasurer, held back by an ACH/USD policy of one approver (set by the admin). */
async function achDraft(extra: Record<string, unknown> = {}): Promise<string> {
  const admin = await tokenOf("person");
  const policy = { rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 };
  expect((await call(putPoliciesRoute, "/v1/approvals/policies", { method: "PUT", token: admin.token, body: { policies: [policy] } })).status).toBe(200);
  const { token } = await tokenOf("person", "treasurer@acme.test");
  const res = await call<{ draft: { draftId: string } }>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount: "1500.00", currency: "USD" }, ...extra }) },
  });
  expect(res.status).toBe(201);
  return res.body.draft.draftId;
}

async function decide(route: typeof approveDraftRoute | typeof rejectDraftRoute, verb: "approve" | "reject", draftId: string, req: Req) {
  const { token, actor } = await tokenOf("person", "approver@acme.test");
  const res = await call(route as typeof approveDraftRoute, `/v1/approvals/drafts/${draftId}/${verb}`, {
    token,
    body: {},
    params: { draftId },
    headers: req.headers,
  });
  expect(res.status).toBe(200);
  return actor;
}

add("draft.created", "person", "POST /v1/approvals/drafts", async (req) => {
  const admin = await tokenOf("person");
  const policy = { rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 };
  await call(putPoliciesRoute, "/v1/approvals/policies", { method: "PUT", token: admin.token, body: { policies: [policy] } });
  const { token, actor } = await tokenOf("person", "treasurer@acme.test");
  const res = await call(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { ...req.headers, "idempotency-key": randomUUID() },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount: "1500.00", currency: "USD" } }) },
  });
  expect(res.status).toBe(201);
  return fromRequest(actor, req);
});
add("draft.approved", "person", "POST /v1/approvals/drafts/{id}/approve", async (req) =>
  fromRequest(await decide(approveDraftRoute, "approve", await achDraft(), req), req),
);
add("draft.submitted", "person", "the last approval (the approver; the payment is the maker's)", async (req) =>
  fromRequest(await decide(approveDraftRoute, "approve", await achDraft(), req), req),
);
add("payment.created", "person", "the last approval of a draft: the maker, with the approver's request", async (req) => {
  await decide(approveDraftRoute, "approve", await achDraft(), req);
  return fromRequest(`user:${ids.treasurer}`, req);
});
add("draft.refused", "person", "the last approval of a draft the bank refuses (its instruction id already used)", async (req) => {
  const instructionIdentification = `AR${next()}${Date.now().toString(36)}`.slice(0, 16);
  const draftId = await achDraft({ instructionIdentification });
  const paid = await call(achRoute, "/v1/payments/ach-local", { token: await tokenFor("acme"), body: achBody({ instructionIdentification }) });
  expect(paid.status).toBe(201);
  return fromRequest(await decide(approveDraftRoute, "approve", draftId, req), req);
});
add("standing_order.changed", "person", "the last approval of a standing order's change: the maker, with the approver's request", async (req) => {
  const { token } = await tokenOf("person", "treasurer@acme.test");
  const order = {
    rail: "ACH",
    request: achBody({ instructedAmount: { amount: "1.07", currency: "USD" } }),
    schedule: { frequency: "Weekly", startDate: inBankDays(20) },
  };
  const made = await call<{ standingOrderId: string }>(createStandingOrderRoute, "/v1/standing-orders", { token, body: order });
  expect(made.status).toBe(201);
  const change = { standingOrderId: made.body.standingOrderId, request: achBody({ instructedAmount: { amount: "1500.00", currency: "USD" } }) };
  const res = await call<{ draft: { draftId: string } }>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: { rail: "STANDING_ORDER_CHANGE", request: change },
  });
  expect(res.status).toBe(201);
  await decide(approveDraftRoute, "approve", res.body.draft.draftId, req);
  return fromRequest(`user:${ids.treasurer}`, req);
});
add("draft.rejected", "person", "POST /v1/approvals/drafts/{id}/reject", async (req) =>
  fromRequest(await decide(rejectDraftRoute, "reject", await achDraft(), req), req),
);
add("draft.redrafted", "person", "POST /v1/approvals/drafts/{id}/redraft (whoever clicks; the maker stays)", async (req) => {
  const draftId = await achDraft();
  await decide(rejectDraftRoute, "reject", draftId, { ...req, headers: {} });
  const { token, actor } = await tokenOf("person");
  const res = await call(redraftDraftRoute, `/v1/approvals/drafts/${draftId}/redraft`, {
    token,
    params: { draftId },
    headers: { ...req.headers, "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  return fromRequest(actor, req);
});

// --- The portal's own routes and server actions, and sign-in (next-auth): the person, through personActor. ------

add("user.sessions_ended", "person", "DELETE /api/portal/sessions (sign out of all sessions)", async (req) => {
  const { db } = await getRuntime();
  await portalSessionFor("treasurer@acme.test");
  const me = { id: ids.treasurer, clientId: "acme" };
  expect(await signOutEverywhere(db, { ...personActor(me, new Headers(req.headers)), email: "treasurer@acme.test" })).toBeGreaterThan(0);
  return fromRequest(`user:${ids.treasurer}`, req);
});
add("session.signed_in", "person", "sign-in (next-auth authorize)", async (req) => {
  const { db } = await getRuntime();
  await openSession(db, { id: ids.viewer, clientId: "acme" }, { lifetimeSeconds: 3600, idleSeconds: 900 }, requestOrigin(new Headers(req.headers)));
  return fromRequest(`user:${ids.viewer}`, req);
});
add("session.sign_in_failed", "person", "sign-in with a wrong password", async (req) => {
  const { db } = await getRuntime();
  expect((await authenticate(db, { email: "viewer@acme.test", password: "not-the-password" }, requestOrigin(new Headers(req.headers)))).ok).toBe(false);
  return fromRequest(`user:${ids.viewer}`, req);
});
add("session.signed_out", "person", "sign-out (next-auth signOut event)", async () => {
  const { db } = await getRuntime();
  const session = await startSession(db, ids.viewer, 3600);
  await closeSession(db, { sessionId: session.sessionId, userId: ids.viewer, clientId: "acme" });
  return { actor: `user:${ids.viewer}`, ip: null, correlationId: null };
});
add("second_factor.failed", "person", "sign-in with a wrong code", async (req) => {
  const { db } = await getRuntime();
  expect((await secondFactorAtSignIn(db, { id: ids.acmeAdmin, clientId: "acme" }, "000000", requestOrigin(new Headers(req.headers)))).ok).toBe(false);
  return fromRequest(`user:${ids.acmeAdmin}`, req);
});
add("second_factor.step_up_failed", "person", "POST /api/portal/step-up with a wrong code", async (req) => {
  const { db } = await getRuntime();
  const session = await portalSessionFor("approver@acme.test");
  const me = { id: session.userId, clientId: "acme" };
  await expect(
    answerStepUp(db, { ...personActor(me, new Headers(req.headers)), sessionId: session.sessionId }, ZCodeForm.parse({ code: "000000" })),
  ).rejects.toMatchObject({
    status: 400,
  });
  return fromRequest(`user:${session.userId}`, req);
});
add("second_factor.step_up_failed", "console", "POST /api/operations/step-up with a wrong code", async (req) => {
  const { db } = await getRuntime();
  const me = { id: ids.operator, clientId: "" };
  await expect(
    answerStepUp(db, { ...personActor(me, new Headers(req.headers)), sessionId: ids.operatorSession }, ZCodeForm.parse({ code: "000000" })),
  ).rejects.toMatchObject({
    status: 400,
  });
  return fromRequest(`user:${ids.operator}`, req);
});
add("second_factor.enrolled", "person", "the enrolment page's action", async (req) => {
  const { db } = await getRuntime();
  const session = await portalSessionFor("viewer@acme.test");
  const enrolment = await beginEnrolment(db, { userId: ids.viewer, email: "viewer@acme.test" });
  const code = await generate({ secret: enrolment!.secret });
  await confirmEnrolment(db, { ...personActor({ id: ids.viewer, clientId: "acme" }, new Headers(req.headers)), sessionId: session.sessionId }, code);
  return fromRequest(`user:${ids.viewer}`, req);
});
add("second_factor.recovery_codes_regenerated", "person", "Sign-in security's action", async (req) => {
  const { db } = await getRuntime();
  const session = await portalSessionFor("admin@acme.test");
  await regenerateRecoveryCodes(db, { ...personActor({ id: ids.acmeAdmin, clientId: "acme" }, new Headers(req.headers)), sessionId: session.sessionId });
  return fromRequest(`user:${ids.acmeAdmin}`, req);
});
add("second_factor.recovery_code_used", "person", "sign-in with a recovery code", async (req) => {
  const { db } = await getRuntime();
  const session = await portalSessionFor("admin@acme.test");
  const codes = await regenerateRecoveryCodes(db, { userId: ids.acmeAdmin, clientId: "acme", sessionId: session.sessionId });
  expect((await secondFactorAtSignIn(db, { id: ids.acmeAdmin, clientId: "acme" }, codes[0], requestOrigin(new Headers(req.headers)))).ok).toBe(true);
  return fromRequest(`user:${ids.acmeAdmin}`, req);
});
add("second_factor.reset", "person", "Sign-in security: an administrator resets a colleague's", async (req) => {
  const { db } = await getRuntime();
  const approver = await userId("approver@acme.test");
  // The administrator's session, its second factor proven just now (a reset may ask for step-up).
  const session = await portalSessionFor("admin@acme.test");
  const admin = { ...personActor({ id: ids.acmeAdmin, clientId: "acme" }, new Headers(req.headers)), role: "admin" as const, sessionId: session.sessionId };
  await resetSecondFactor(db, admin, approver);
  return fromRequest(`user:${ids.acmeAdmin}`, req);
});
add("user.password_set", "person", "POST /api/password-links (the set-password page)", async (req) => {
  const { db } = await getRuntime();
  const n = next();
  const link = await inviteUser(await opsContext(), { clientId: "acme", email: `setter${n}@acme.test`, role: "viewer" });
  await setPasswordWithLink(db, { token: link.inviteUrl.split("#token=")[1], password: "a-long-enough-password" }, requestOrigin(new Headers(req.headers)));
  return fromRequest(`user:${await userId(`setter${n}@acme.test`)}`, req);
});

// --- Bank operations: the console (an operator, with the request) and the command line, the same operations. ----

type OpsCase = {
  action: string;
  console?: ConsoleAction;
  cli?: string;
  /** The input for run n: the console's JSON body, and the command line's flags (the same fields, as flags). */
  input: (n: number) => Promise<{ body?: Record<string, unknown>; argv?: string[] }>;
};

/** A weekday of week n of `year` onwards: one per n, never a weekend. */
const weekday = (n: number, year = 2040) => {
  const day = new Date(Date.UTC(year, 0, 1 + 7 * n));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};
const newClient = async (n: number) => {
  const clientId = `actors-${n}`;
  await createClient(await opsContext(), { clientId, name: `Actors ${n}`, cif: `ACT-${n}`, signing: "hmac" });
  return clientId;
};
const newUser = async (n: number, withSession = false) => {
  const email = `person${n}@acme.test`;
  await inviteUser(await opsContext(), { clientId: "acme", email, role: "viewer" });
  if (withSession) await startSession((await getRuntime()).db, await userId(email), 3600);
  return email;
};
const newAccount = async () => (await openAccount(await opsContext(), { clientId: "acme", currency: "USD" })).accountNumber;

const OPS: OpsCase[] = [
  {
    action: "client.created",
    console: "client-create",
    cli: "client create",
    input: async (n) => ({
      body: { clientId: `new-${n}`, name: `New ${n}`, cif: `NEW-${n}`, signing: "hmac" },
      argv: ["--id", `new-${n}`, "--name", `New ${n}`, "--cif", `NEW-${n}`, "--signing", "hmac"],
    }),
  },
  {
    action: "client.suspended",
    console: "client-suspend",
    cli: "client suspend",
    input: async (n) => {
      const clientId = await newClient(n);
      return { body: { clientId }, argv: ["--id", clientId] };
    },
  },
  {
    action: "client.reactivated",
    console: "client-reactivate",
    cli: "client reactivate",
    input: async (n) => {
      const clientId = await newClient(n);
      expect((await runOps(["client", "suspend", "--id", clientId])).code).toBe(0);
      return { body: { clientId }, argv: ["--id", clientId] };
    },
  },
  {
    action: "client.permissions_changed",
    console: "client-permissions",
    cli: "client permissions",
    input: async (n) => {
      const clientId = await newClient(n);
      return { body: { clientId, permissions: ["get-account"] }, argv: ["--id", clientId, "--permissions", "get-account"] };
    },
  },
  {
    action: "client.ip_allow_list_changed",
    console: "client-ip-allow-list",
    cli: "client ip-allow-list",
    input: async (n) => {
      const clientId = await newClient(n);
      return { body: { clientId, ipAllowList: ["192.0.2.0/24"] }, argv: ["--id", clientId, "--cidrs", "192.0.2.0/24"] };
    },
  },
  {
    action: "client.secret_rotated",
    console: "client-rotate-secret",
    cli: "client rotate-secret",
    input: async (n) => {
      const clientId = await newClient(n);
      return { body: { clientId }, argv: ["--id", clientId] };
    },
  },
  {
    action: "account.opened",
    console: "account-open",
    cli: "account open",
    input: async () => ({ body: { clientId: "acme", currency: "USD" }, argv: ["--client", "acme", "--currency", "USD"] }),
  },
  {
    action: "account.status_changed",
    console: "account-status",
    cli: "account status",
    input: async () => {
      const accountNumber = await newAccount();
      return { body: { clientId: "acme", accountNumber, status: "INACTIVE" }, argv: ["--client", "acme", "--number", accountNumber, "--status", "INACTIVE"] };
    },
  },
  {
    action: "account.closed",
    console: "account-close",
    cli: "account close",
    input: async () => {
      const accountNumber = await newAccount();
      return { body: { clientId: "acme", accountNumber }, argv: ["--client", "acme", "--number", accountNumber] };
    },
  },
  {
    action: "virtual_account_currency.provisioned",
    console: "va-currency-add",
    cli: "va-currency add",
    input: async (n) => {
      const clientId = await newClient(n);
      return { body: { clientId, currency: "USD" }, argv: ["--client", clientId, "--currency", "USD"] };
    },
  },
  {
    action: "user.invited",
    console: "user-invite",
    cli: "user invite",
    input: async (n) => ({
      body: { clientId: "acme", email: `invitee${n}@acme.test`, role: "viewer" },
      argv: ["--client", "acme", "--email", `invitee${n}@acme.test`, "--role", "viewer"],
    }),
  },
  {
    action: "user.role_changed",
    console: "user-role",
    cli: "user role",
    input: async (n) => {
      const email = await newUser(n);
      return { body: { clientId: "acme", email, role: "treasurer" }, argv: ["--client", "acme", "--email", email, "--role", "treasurer"] };
    },
  },
  {
    action: "user.disabled",
    console: "user-disable",
    cli: "user disable",
    input: async (n) => {
      const email = await newUser(n);
      return { body: { clientId: "acme", email }, argv: ["--client", "acme", "--email", email] };
    },
  },
  {
    // A disabled user's sessions end with it, attributed to whoever disabled them.
    action: "user.sessions_ended",
    console: "user-disable",
    cli: "user disable",
    input: async (n) => {
      const email = await newUser(n, true);
      return { body: { clientId: "acme", email }, argv: ["--client", "acme", "--email", email] };
    },
  },
  {
    action: "user.enabled",
    console: "user-enable",
    cli: "user enable",
    input: async (n) => {
      const email = await newUser(n);
      await setUserDisabled(await opsContext(), { clientId: "acme", email }, true);
      return { body: { clientId: "acme", email }, argv: ["--client", "acme", "--email", email] };
    },
  },
  {
    action: "user.password_reset_issued",
    console: "user-reset-password",
    cli: "user reset-password",
    input: async (n) => {
      const email = await newUser(n);
      return { body: { clientId: "acme", email }, argv: ["--client", "acme", "--email", email] };
    },
  },
  {
    action: "bank_code.added",
    console: "bank-code-add",
    cli: "bank-code add",
    input: async (n) => ({
      body: { bankCode: `ACT_${n}`, currency: "USD", name: "Actors Bank" },
      argv: ["--code", `ACT_${n}`, "--currency", "USD", "--name", "Actors Bank"],
    }),
  },
  {
    action: "bank_code.renamed",
    console: "bank-code-add",
    cli: "bank-code add",
    input: async (n) => {
      await addBankCode(await opsContext(), { bankCode: `ACT_${n}`, currency: "USD", name: "Before" });
      return { body: { bankCode: `ACT_${n}`, currency: "USD", name: "After" }, argv: ["--code", `ACT_${n}`, "--currency", "USD", "--name", "After"] };
    },
  },
  {
    action: "holiday.added",
    console: "holiday-add",
    cli: "holiday add",
    input: async (n) => ({ body: { date: weekday(n), name: "Actors Day" }, argv: ["--date", weekday(n), "--name", "Actors Day"] }),
  },
  {
    action: "holiday.renamed",
    console: "holiday-add",
    cli: "holiday add",
    input: async (n) => {
      await addHoliday(await opsContext(), { date: weekday(n), name: "Before" });
      return { body: { date: weekday(n), name: "After" }, argv: ["--date", weekday(n), "--name", "After"] };
    },
  },
  {
    action: "holiday.removed",
    console: "holiday-remove",
    cli: "holiday remove",
    input: async (n) => {
      await addHoliday(await opsContext(), { date: weekday(n), name: "Gone" });
      return { body: { date: weekday(n) }, argv: ["--date", weekday(n)] };
    },
  },
  {
    action: "holiday.year_imported",
    console: "holiday-import",
    cli: "holiday import",
    input: async (n) => {
      const year = 2060 + (n % 40);
      const csv = `date,name\n${weekday(3, year)},Imported Day\n`;
      const file = path.join(await mkdtemp(path.join(tmpdir(), "actors-")), `${year}.csv`);
      await writeFile(file, csv);
      return { body: { year, csv }, argv: ["--year", String(year), "--file", file] };
    },
  },
  {
    action: "fx_rate.set",
    console: "fx-rate-set",
    cli: "fx-rate set",
    input: async () => ({ body: { from: "USD", to: "EUR", rate: "0.9215" }, argv: ["--from", "USD", "--to", "EUR", "--rate", "0.9215"] }),
  },
  {
    action: "ach_cutoff.set",
    console: "ach-cutoff-set",
    cli: "ach-cutoff set",
    input: async () => ({ body: { time: "15:00" }, argv: ["--time", "15:00"] }),
  },
  {
    action: "payment.reversed",
    cli: "payment return",
    input: async () => {
      const token = await tokenFor("acme");
      const made = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
        token,
        body: achBody({ instructedAmount: { amount: "1.50", currency: "USD" } }),
      });
      expect(made.status).toBe(201);
      const done = await call(forceStatusRoute, "/x", { token, params: { paymentId: made.body.id }, body: { status: "Completed" } });
      expect(done.status).toBe(200);
      return { argv: ["--id", made.body.id, "--reason", "AC01"] };
    },
  },
  // Command line only: in the console, one operator's stolen session must not make or strip another.
  { action: "operator.created", cli: "operator create", input: async (n) => ({ argv: ["--email", `operator${n}@bank.test`] }) },
  { action: "signing_key.rotated", cli: "key rotate", input: async () => ({ argv: [] }) },
  {
    action: "second_factor.reset",
    cli: "operator reset-second-factor",
    input: async (n) => {
      await createOperator(await opsContext(), { email: `lost${n}@bank.test` });
      return { argv: ["--email", `lost${n}@bank.test`] };
    },
  },
  {
    action: "user.sessions_ended",
    cli: "operator reset-second-factor",
    input: async (n) => {
      await createOperator(await opsContext(), { email: `lost${n}@bank.test` });
      await startSession((await getRuntime()).db, await userId(`lost${n}@bank.test`), 3600);
      return { argv: ["--email", `lost${n}@bank.test`] };
    },
  },
];

for (const op of OPS) {
  if (op.console) {
    const consoleAction = op.console;
    add(op.action, "console", consoleAction, async (req) => {
      const { body } = await op.input(next());
      const request = new Request(`http://localhost/api/operations/${consoleAction}`, {
        method: "POST",
        headers: { ...req.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const operator: Operator = { id: ids.operator, email: "console@bank.test", name: "Console", sessionId: ids.operatorSession, mustEnrol: false };
      await runConsoleAction(await operatorContext(operator, request), operator, consoleAction, body);
      return fromRequest(`user:${ids.operator}`, req);
    });
  }
  if (op.cli) {
    const command = op.cli;
    add(op.action, "cli", command, async () => {
      const { argv } = await op.input(next());
      const run = await runOps([...command.split(" "), ...argv!], async () => ({ ...(await opsContext()), actor: cliActor() }));
      expect(run.code, run.err).toBe(0);
      return { actor: cliActor(), ip: null, correlationId: "minted" };
    });
  }
}

// --- Jobs: the worker, as system:<job>. ---------------------------------------------------------------------

add("session.expired", "worker", SESSION_EXPIRY_JOB, async () => {
  const { db } = await getRuntime();
  const session = await startSession(db, ids.viewer, 3600, 900);
  await db.query("UPDATE portal_sessions SET expires_at = now() - interval '1 second' WHERE session_id = $1", [session.sessionId]);
  const job = MAINTENANCE_JOBS.find((j) => j.name === SESSION_EXPIRY_JOB)!;
  await new Worker(await getRuntime(), [], [job]).runPeriodicJobs(true);
  return { actor: systemActor(SESSION_EXPIRY_JOB), ip: null, correlationId: null };
});
/** A batch of `currencies` run by the worker after BMD stopped being provisioned for acme: its BMD items fail. */
async function runBatchWithoutBmd(currencies: string[]): Promise<Expected> {
  const { db } = await getRuntime();
  const items = currencies.map((currency) => ({ currency, unallocated: true }));
  expect((await call(createV1Route, "/v1/virtual-accounts", { token: await tokenFor("acme"), body: { items } })).status).toBe(202);
  await db.query("DELETE FROM virtual_account_currencies WHERE client_id = 'acme' AND currency = 'BMD'");
  try {
    await drainWorker();
  } finally {
    await db.query("INSERT INTO virtual_account_currencies (client_id, currency) VALUES ('acme', 'BMD') ON CONFLICT DO NOTHING");
  }
  return { actor: systemActor("virtual-accounts"), ip: null, correlationId: null };
}
add("virtual_account_job.completed", "worker", "create-virtual-accounts", () => runBatchWithoutBmd(["USD"]));
add("virtual_account_job.completedwitherrors", "worker", "create-virtual-accounts", () => runBatchWithoutBmd(["USD", "BMD"]));
add("virtual_account_job.failed", "worker", "create-virtual-accounts", () => runBatchWithoutBmd(["BMD"]));
add("payment_batch.completed", "worker", "payment-runs.run", async () => {
  const items = [{ rail: "ACH", request: achBody({ instructedAmount: { amount: "1.20", currency: "USD" } }) }];
  const res = await call(createRunRoute, "/v1/payment-batches", { token: await tokenFor("acme"), body: { items } });
  expect(res.status).toBe(202);
  await drainWorker();
  return { actor: systemActor("payment-runs"), ip: null, correlationId: null };
});

add("payment.completed", "worker", "payment.settle", async () => {
  const res = await call<{ id: string }>(achRoute, "/v1/payments/ach-local", {
    token: await tokenFor("acme"),
    body: achBody({ instructedAmount: { amount: "1.75", currency: "USD" } }),
  });
  expect(res.status).toBe(201);
  const { db } = await getRuntime();
  await db.query("UPDATE queue_tasks SET run_at = now() WHERE dedupe_key = $1", [res.body.id]);
  await new Worker(await getRuntime(), TASK_DEFINITIONS).drain();
  return { actor: systemActor("settlement"), ip: null, correlationId: null };
});

// ---------------------------------------------------------------------------------------------------------------

type AuditRow = { client_id: string; actor: string; ip: string | null; correlation_id: string | null };

/** The kind an actor is, as the attribution rule names them; operators are told from people by their role. */
async function kindOf(actor: string): Promise<string> {
  if (actor.startsWith("client:")) return "client";
  if (actor.startsWith("system:ops-cli:")) return "cli";
  if (actor.startsWith("system:")) return "system";
  if (!actor.startsWith("user:")) return "unknown";
  const { db } = await getRuntime();
  const { rows } = await db.query<{ role: string }>("SELECT role FROM users WHERE user_id::text = $1", [actor.slice(5)]);
  return rows[0]?.role === OPERATOR_ROLE ? "operator" : rows[0] ? "person" : "unknown";
}

const KIND: Record<Way, string[]> = {
  integration: ["client"],
  person: ["person"],
  console: ["operator"],
  cli: ["cli"],
  worker: ["system"],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

beforeAll(async () => {
  ids.acmeAdmin = await userId("admin@acme.test");
  ids.treasurer = await userId("treasurer@acme.test");
  ids.viewer = await userId("viewer@acme.test");
  const { db } = await getRuntime();
  await createOperator(await opsContext(), { email: "console@bank.test" });
  ids.operator = await userId("console@bank.test");
  const session = await startSession(db, ids.operator, 3600);
  // Operators sign in with a second factor; the console's step-up actions need one, proven just now.
  const enrolment = await beginEnrolment(db, { userId: ids.operator, email: "console@bank.test" });
  await confirmEnrolment(db, { userId: ids.operator, clientId: "", sessionId: session.sessionId }, await generate({ secret: enrolment!.secret }));
  await recordProof(db, session.sessionId);
  ids.operatorSession = session.sessionId;
});

describe("attribution: the actor on every audit row", () => {
  it("every action the code audits has its cases here, or is listed as pending with why; no case names an action the code no longer writes", () => {
    const inCode = auditedActionsInCode();
    const expanded = new Set([...inCode].flatMap((a) => (a.endsWith(".*") ? (FAMILIES[a] ?? [`${a} (a family with no members listed in FAMILIES)`]) : [a])));
    const covered = new Set([...CASES.map((c) => c.action), ...Object.keys(PENDING)]);
    expect([...expanded].filter((a) => !covered.has(a)).sort(), "audited in the code, with no case").toEqual([]);
    expect([...covered].filter((a) => !expanded.has(a)).sort(), "a case for an action the code does not write").toEqual([]);
    expect(
      Object.keys(PENDING).filter((a) => CASES.some((c) => c.action === a)),
      "pending and covered both",
    ).toEqual([]);
  });

  it("no code spells an actor by hand: lib/server/core/audit/actors.ts builds them all", () => {
    expect(filesSpellingActors()).toEqual(Object.keys(SPELLED_PENDING).sort());
  });

  it("every console action and every writing command of the command line is walked", () => {
    const consoleWalked = new Set(CASES.filter((c) => c.way === "console").map((c) => c.via));
    expect(CONSOLE_ACTIONS.filter((a) => !consoleWalked.has(a))).toEqual([]);
    const readOnly = /\b(list|show|verify)$/;
    const cliWalked = new Set(CASES.filter((c) => c.way === "cli").map((c) => c.via));
    expect(COMMANDS.map((c) => c.name).filter((name) => !readOnly.test(name) && !cliWalked.has(name))).toEqual([]);
  });

  it("no row has an actor of another shape, the demo seed's included (they are system:uat-seed and system:seed)", async () => {
    const { db } = await getRuntime();
    const { rows } = await db.query<{ actor: string }>(
      "SELECT DISTINCT actor FROM audit_log WHERE actor NOT LIKE 'system:%' AND actor NOT LIKE 'user:%' AND actor NOT LIKE 'client:%' AND actor <> 'anonymous'",
    );
    expect(rows).toEqual([]);
  });

  it.each(CASES.map((c, i) => [`${c.action} by ${c.way} via ${c.via}`, i] as const))("%s", async (_name, index) => {
    const c = CASES[index]!;
    const n = index + 1;
    const req: Req = {
      ip: `198.51.${100 + Math.floor(n / 250)}.${n % 250}`,
      correlationId: `actors-${n}`,
      headers: {},
    };
    req.headers = { "x-forwarded-for": req.ip, "x-correlation-id": req.correlationId };
    const { db } = await getRuntime();
    const before = (await db.query<{ id: string }>("SELECT coalesce(max(audit_id), 0)::text AS id FROM audit_log")).rows[0]!.id;
    const expected = await c.run(req);
    const { rows } = await db.query<AuditRow>(
      "SELECT client_id, actor, host(ip) AS ip, correlation_id FROM audit_log WHERE audit_id > $1 AND action = $2 ORDER BY audit_id",
      [before, c.action],
    );
    expect(rows.length, `no ${c.action} row`).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.actor).toBe(expected.actor);
      expect(KIND[c.way]).toContain(await kindOf(row.actor));
      expect(row.ip).toBe(expected.ip);
      if (expected.correlationId === "minted") expect(row.correlation_id).toMatch(UUID);
      else expect(row.correlation_id).toBe(expected.correlationId);
    }
  });
});
