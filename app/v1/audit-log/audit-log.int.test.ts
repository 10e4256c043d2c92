import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLogRoute } from "@/app/v1/audit-log/route";
import type { TAuditEntry, TAuditList } from "@/lib/contract/audit/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { portalSessionFor, portalTokenFor } from "@/tests/portal";

let admin: string;
let treasurerUserId: string;

const list = (query: string, token = admin, headers: Record<string, string> = {}) =>
  call<TAuditList & Record<string, unknown>>(auditLogRoute, `/v1/audit-log${query}`, { token, headers });

/**
 * Fixture rows, written as they would be, with chosen times: 30 in acme
 * (`fixture.` actions, alternating actors and targets) and 5 in globex. Times
 * straddle a bank-time day boundary: 2026-03-02T03:30Z is still 1 March in
 * Bermuda (AST, UTC-4).
 */
beforeAll(async () => {
  const treasurer = await portalSessionFor("treasurer@acme.test");
  admin = await portalTokenFor("admin@acme.test");
  treasurerUserId = treasurer.userId;
  const { db } = await getRuntime();
  await db.query(
    `INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data, created_at, ip, correlation_id)
     SELECT 'acme', CASE WHEN i % 2 = 0 THEN 'user:' || $1 ELSE 'client:acme' END,
            CASE WHEN i % 3 = 0 THEN 'fixture.payment.created' ELSE 'fixture.subscription.deleted' END,
            'fixture', 'target-' || (i % 5), jsonb_build_object('i', i),
            timestamptz '2026-03-02T03:30:00Z' - make_interval(hours => i), '198.51.100.7', 'corr-' || i
       FROM generate_series(0, 29) AS i`,
    [treasurerUserId],
  );
  await db.query(
    `INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data, created_at)
     SELECT 'globex', 'client:globex', 'fixture.payment.created', 'fixture', 'target-' || i, '{}', timestamptz '2026-03-01T12:00:00Z'
       FROM generate_series(0, 4) AS i`,
  );
});

describe("GET /v1/audit-log: who may read it", () => {
  it("refuses every role but admin, and an integration's token, with 403", async () => {
    for (const email of ["treasurer@acme.test", "viewer@acme.test", "approver@acme.test"]) {
      const res = await list("", await portalTokenFor(email));
      expect(res.status, email).toBe(403);
      expectErrorBody(res.body, 403, "FORBIDDEN");
    }
    const integration = await list("", await tokenFor("acme"));
    expect(integration.status).toBe(403);
  });

  it("shows an administrator their organisation's rows only (tenant isolation)", async () => {
    const acme = await list("?action=fixture.&pageSize=1000");
    expect(acme.status).toBe(200);
    expect(acme.body.meta.pagination.total_size).toBe(30);
    const globexAdmin = await portalTokenFor("admin@globex.test");
    const globex = await list("?action=fixture.&pageSize=1000", globexAdmin);
    expect(globex.body.meta.pagination.total_size).toBe(5);
    expect(globex.body.data.every((r) => r.actor === "client:globex")).toBe(true);
    // Another organisation's target id finds nothing here.
    expect((await list("?target=target-4&action=fixture.", globexAdmin)).body.data.every((r) => r.actor === "client:globex")).toBe(true);
  });
});

describe("GET /v1/audit-log: filters", () => {
  const all = async (query: string): Promise<TAuditEntry[]> => {
    const res = await list(`${query}&pageSize=1000`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it("actor: as recorded, or a person's email (any letter case)", async () => {
    const byActor = await all(`?action=fixture.&actor=user:${treasurerUserId}`);
    expect(byActor).toHaveLength(15);
    const byEmail = await all("?action=fixture.&actor=Treasurer@ACME.test");
    expect(byEmail.map((r) => r.auditId)).toEqual(byActor.map((r) => r.auditId));
    expect(byEmail.every((r) => r.actorEmail === "treasurer@acme.test")).toBe(true);
    expect(await all("?action=fixture.&actor=client:acme")).toHaveLength(15);
    expect(await all("?action=fixture.&actor=nobody@acme.test")).toHaveLength(0);
  });

  it("action: an exact action or its beginning, never a pattern", async () => {
    expect(await all("?action=fixture.payment.created")).toHaveLength(10);
    expect(await all("?action=fixture.payment")).toHaveLength(10);
    expect(await all("?action=fixture.%25")).toHaveLength(0);
    expect(await all("?action=fixture._ayment")).toHaveLength(0);
  });

  it("target: the id of what changed", async () => {
    const rows = await all("?action=fixture.&target=target-3");
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.entityId === "target-3")).toBe(true);
  });

  it("date range: bank-time days, inclusive at both ends", async () => {
    // Row 0 is 2026-03-02T03:30Z = 1 March 23:30 in Bermuda; rows 0..23 fall on 1 March (bank time).
    const first = await all("?action=fixture.&fromDate=2026-03-01&toDate=2026-03-01");
    expect(first).toHaveLength(24);
    expect(await all("?action=fixture.&fromDate=2026-03-02")).toHaveLength(0);
    expect(await all("?action=fixture.&toDate=2026-02-28")).toHaveLength(6);
  });

  it("filters combine, and every row carries who, from where and under which request", async () => {
    const rows = await all(`?action=fixture.payment&actor=admin@acme.test`);
    expect(rows).toHaveLength(0);
    const [row] = await all(`?action=fixture.payment&actor=user:${treasurerUserId}&target=target-0`);
    expect(row).toMatchObject({ ip: "198.51.100.7", correlationId: "corr-0", entity: "fixture", data: { i: 0 } });
  });

  it("refuses bad filters with the spec's 400 body", async () => {
    for (const query of ["?fromDate=2026-03-02&toDate=2026-03-01", "?fromDate=01/03/2026", "?actor=", "?action=a%01b", "?unknown=1", "?pageSize=0"]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    }
  });
});

describe("GET /v1/audit-log: pagination (decisions §4)", () => {
  it("pages newest first, without overlap or gap, and keeps its total while rows arrive", async () => {
    const first = await list("?action=fixture.&pageSize=7");
    const { total_size, page_token } = first.body.meta.pagination;
    expect(total_size).toBe(30);
    const seen = [...first.body.data];
    // A row written after the first page is not in this result set.
    const { db } = await getRuntime();
    await db.query("INSERT INTO audit_log (client_id, actor, action, entity, entity_id) VALUES ('acme', 'client:acme', 'fixture.late', 'fixture', 'late')");
    for (let page = 2; page <= 5; page++) {
      const res = await list(`?action=fixture.&pageStart=${page}&pageToken=${page_token}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.pagination.total_size).toBe(30);
      seen.push(...res.body.data);
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((r) => r.auditId)).size).toBe(30);
    const times = seen.map((r) => Date.parse(r.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Past the end: an empty page.
    const past = await list(`?action=fixture.&pageStart=9&pageToken=${page_token}`);
    expect(past.body.data).toEqual([]);
  });

  it("a page token binds its filters", async () => {
    const first = await list("?action=fixture.&pageSize=5");
    const res = await list(`?action=fixture.payment&pageStart=2&pageToken=${first.body.meta.pagination.page_token}`);
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "INVALID_PAGE_TOKEN");
  });
});

describe("GET /v1/audit-log: CSV (Accept: text/csv, the spec's flattening)", () => {
  it("answers the filtered page as one header row and one data row", async () => {
    const res = await list("?action=fixture.payment&target=target-0&pageSize=100", admin, { accept: "text/csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, data, rest] = res.text.split("\r\n");
    expect(rest).toBe("");
    const columns = header!.split(",");
    expect(columns).toContain("meta_pagination_total_size");
    expect(columns).toContain("data_0_action");
    expect(columns).toContain("data_0_correlation_id");
    // Rows 0, 15 (payment.created: i % 3 = 0, target i % 5 = 0): two rows, none of another action.
    expect(columns).toContain("data_1_action");
    expect(columns).not.toContain("data_2_action");
    expect(data).toContain("fixture.payment.created");
    expect(data).not.toContain("fixture.subscription.deleted");
  });

  it("is refused to a non-administrator as JSON 403", async () => {
    const res = await list("", await portalTokenFor("viewer@acme.test"), { accept: "text/csv" });
    expect(res.status).toBe(403);
  });
});
