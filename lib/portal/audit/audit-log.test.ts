import { describe, expect, it } from "vitest";
import type { TAuditEntry } from "@/lib/contract/audit/schema";
import { auditToCsv } from "@/lib/portal/audit/audit-csv";
import { actorLabel, auditViewQuery, parseAuditView } from "@/lib/portal/audit/audit-log";

const entry = (over: Partial<TAuditEntry> = {}): TAuditEntry => ({
  auditId: "7",
  occurredAt: "2026-03-01T12:00:00.000Z",
  actor: "user:0e9470e0-48a7-45dc-ab2e-1d80d652de38",
  actorEmail: "ada@acme.test",
  action: "payment.created",
  entity: "payment",
  entityId: "p-1",
  ip: "198.51.100.7",
  correlationId: "c-1",
  data: { rail: "ACH" },
  before: null,
  after: { status: "Pending" },
  sealed: true,
  ...over,
});

describe("the audit log view lives in the URL", () => {
  it("round-trips filters, page and size", () => {
    const view = { page: 3, size: 50, filters: { actor: "ada@acme.test", action: "payment.", target: "p-1", fromDate: "2026-03-01", toDate: "2026-03-31" } };
    const query = auditViewQuery(view);
    expect(parseAuditView(Object.fromEntries(new URLSearchParams(query.slice(1))))).toEqual(view);
  });

  it("drops what the API would refuse in a hand-edited URL (a bad date, a bad page or size)", () => {
    expect(parseAuditView({ from: "yesterday", to: "2026-03-01", page: "-2", size: "7" })).toEqual({ page: 1, size: 25, filters: { toDate: "2026-03-01" } });
  });
});

describe("the spreadsheet (decisions §4)", () => {
  it("has one row per entry, CRLF, details as JSON, formula cells defused", () => {
    const csv = auditToCsv([entry(), entry({ auditId: "8", entityId: "=HYPERLINK(1)", data: {}, after: null })]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("audit_id,occurred_at,actor,actor_email,action,entity,target,ip,correlation_id,data,before,after,sealed");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"{""rail"":""ACH""}"');
    expect(lines[2]).toContain("'=HYPERLINK(1)");
  });
});

describe("who acted, for people", () => {
  it("names a person by email, an integration, the bank's processes and an unknown sign-in", () => {
    expect(actorLabel(entry())).toBe("ada@acme.test");
    expect(actorLabel({ actor: "client:acme", actorEmail: null })).toBe("API integration");
    expect(actorLabel({ actor: "system:worker", actorEmail: null })).toBe("Harbour (worker)");
    expect(actorLabel({ actor: "anonymous", actorEmail: null })).toBe("Unknown person");
  });
});
