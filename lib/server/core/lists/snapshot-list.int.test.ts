import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listVirtualAccounts } from "@/app/v1/virtual-accounts/route";
import { GET as listAccountPayments } from "@/app/v1/accounts/[accountNumber]/payments/route";
import { GET as listDeliveries } from "@/app/v1/notifications/subscriptions/[subscriptionId]/deliveries/route";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, newKey, postAch } from "@/tests/payments";

/**
 * decisions §4 at depth (docs/pagination-at-scale.md): thousands of rows in
 * tie groups longer than a page, new rows arriving between every two pages,
 * walked both with each response's token (keyset seeks) and with the first
 * token only (counted from the snapshot bound). Rows are bulk-inserted in SQL:
 * the API's own writers are not what is under test.
 */
type Page<T> = { status: number; body: { meta: { pagination: { page_start: number; page_size: number; total_size: number; page_token: string } }; data: T[] } };
type Route = Parameters<typeof call>[0];

const ACCOUNT = "1000123456";
const VA_ROWS = 2_345;
const PAYMENT_ROWS = 1_234;
const ATTEMPT_ROWS = 1_111;
let subscriptionId = "";

async function db() {
  return (await getRuntime()).db;
}

/** Newer rows every call: what arrives while a client pages. */
async function arrive(): Promise<void> {
  const sql = await db();
  const next = Number((await sql.query<{ n: string }>("SELECT count(*) AS n FROM virtual_accounts")).rows[0]!.n) + 900_000;
  await sql.query(
    `INSERT INTO virtual_accounts (client_id, virtual_account_number, currency, created_at) SELECT 'acme', unnest($1::text[]), 'USD', clock_timestamp()`,
    [[virtualAccountNumber(next), virtualAccountNumber(next + 1)]],
  );
  await sql.query(
    `INSERT INTO payments SELECT (jsonb_populate_record(NULL::payments, to_jsonb(p) || jsonb_build_object('payment_id', $1::text, 'unique_identifier', $1::text, 'created_at', clock_timestamp()))).*
     FROM (SELECT * FROM payments WHERE client_id = 'acme' AND debtor_account_number = $2 LIMIT 1) AS p`,
    [randomUUID(), ACCOUNT],
  );
}

beforeAll(async () => {
  const sql = await db();
  // Tie groups of 7 (virtual accounts), 11 (payments) and 13 (attempts), so ties straddle every page boundary.
  const numbers = Array.from({ length: VA_ROWS }, (_, i) => virtualAccountNumber(500_000 + i));
  await sql.query(
    `INSERT INTO virtual_accounts (client_id, virtual_account_number, currency, created_at)
     SELECT 'acme', n, CASE WHEN i % 3 = 0 THEN 'BMD' ELSE 'USD' END, timestamptz '2026-01-01' + (i / 7) * interval '1 second'
     FROM unnest($1::text[]) WITH ORDINALITY AS u (n, i)`,
    [numbers],
  );
  // One real payment through the API is the template every bulk row copies.
  expect((await postAch(achBody(), { key: newKey() })).status).toBe(201);
  await sql.query(
    `INSERT INTO payments SELECT (jsonb_populate_record(NULL::payments, to_jsonb(p) || jsonb_build_object('payment_id', g.id, 'unique_identifier', g.id,
                                              'created_at', timestamptz '2026-01-01' + (g.i / 11) * interval '1 second'))).*
     FROM (SELECT * FROM payments WHERE client_id = 'acme' AND debtor_account_number = $1 LIMIT 1) AS p,
          LATERAL (SELECT i, gen_random_uuid() AS id FROM generate_series(1, $2) AS i) AS g`,
    [ACCOUNT, PAYMENT_ROWS],
  );
  subscriptionId = randomUUID();
  await sql.query(
    "INSERT INTO webhook_subscriptions (client_id, subscription_id, topic, webhook_url) VALUES ('acme', $1, 'Deposits', 'https://127.0.0.1/hook')",
    [subscriptionId],
  );
  // 101 deliveries of 11 attempts each (the last one 1), attempt_count kept as the writer keeps it.
  await sql.query(
    `WITH d AS (
       INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, url, body, status, attempt_count)
       SELECT 'acme', gen_random_uuid(), 'subscription', $1, 'https://127.0.0.1/hook', '{}', 'Failed', least(11, $2 - (k - 1) * 11)
       FROM generate_series(1, ceil($2 / 11.0)::int) AS k RETURNING delivery_id, attempt_count)
     INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, status_code, latency_ms, succeeded)
     SELECT 'acme', d.delivery_id, a, timestamptz '2026-01-01' + ((row_number() OVER (ORDER BY d.delivery_id, a)) / 13) * interval '1 second', 500, 5, false
     FROM d, generate_series(1, d.attempt_count) AS a`,
    [subscriptionId, ATTEMPT_ROWS],
  );
});

/** The ids of a list as the snapshot of the first page saw it, in list order, straight from SQL. */
async function expectedVirtualAccounts(upTo: string, currency: string | null): Promise<string[]> {
  const { rows } = await (
    await db()
  ).query<{ n: string }>(
    `SELECT n FROM (SELECT virtual_account_number AS n, created_at FROM virtual_accounts WHERE client_id = 'acme' AND ($2::text IS NULL OR currency = $2)
                    UNION ALL SELECT account_number, created_at FROM accounts WHERE client_id = 'acme' AND category IN ('settlement', 'parent') AND ($2::text IS NULL OR currency = $2)) AS l
     WHERE created_at <= $1 ORDER BY created_at DESC, n DESC`,
    [upTo, currency],
  );
  return rows.map((r) => r.n);
}

async function walk<T>(route: Route, path: string, params: Record<string, string>, key: (item: T) => string, chain: boolean) {
  const token = await tokenFor("acme");
  const sep = path.includes("?") ? "&" : "?";
  const first = (await call(route, `${path}${sep}pageSize=100`, { token, params })) as unknown as Page<T>;
  expect(first.status).toBe(200);
  const total = first.body.meta.pagination.total_size;
  const seen = first.body.data.map(key);
  let pageToken = first.body.meta.pagination.page_token;
  for (let page = 2; page <= Math.ceil(total / 100) + 1; page++) {
    await arrive();
    const next = (await call(route, `${path}${sep}pageStart=${page}&pageToken=${encodeURIComponent(pageToken)}`, { token, params })) as unknown as Page<T>;
    expect(next.status).toBe(200);
    expect(next.body.meta.pagination).toMatchObject({ page_start: page, page_size: 100, total_size: total });
    expect(next.body.meta.pagination.page_token.length).toBeLessThanOrEqual(100);
    seen.push(...next.body.data.map(key));
    if (chain) pageToken = next.body.meta.pagination.page_token;
  }
  return { total, seen, firstToken: first.body.meta.pagination.page_token };
}

describe("snapshot pagination at depth", () => {
  for (const chain of [true, false]) {
    const how = chain ? "each response's token (seeks)" : "the first token only (counted from the bound)";

    it(`virtual accounts: every row of the first page's snapshot exactly once, in order, while rows arrive, with ${how}`, async () => {
      const upTo = (await (await db()).query<{ t: string }>("SELECT max(created_at)::text AS t FROM virtual_accounts WHERE client_id = 'acme'")).rows[0]!.t;
      const { total, seen } = await walk<{ virtualAccountNumber: string }>(
        listVirtualAccounts,
        "/v1/virtual-accounts",
        {},
        (a) => a.virtualAccountNumber,
        chain,
      );
      const expected = await expectedVirtualAccounts(upTo, null);
      expect(total).toBe(expected.length);
      expect(seen).toEqual(expected);
    });

    it(`account payments: the same, with ${how}`, async () => {
      const sql = await db();
      const upTo = (
        await sql.query<{ t: string }>("SELECT max(created_at)::text AS t FROM payments WHERE client_id = 'acme' AND debtor_account_number = $1", [ACCOUNT])
      ).rows[0]!.t;
      const { total, seen } = await walk<{ transactionId: string }>(
        listAccountPayments,
        `/v1/accounts/${ACCOUNT}/payments`,
        { accountNumber: ACCOUNT },
        (p) => p.transactionId,
        chain,
      );
      const { rows } = await sql.query<{ id: string }>(
        "SELECT payment_id::text AS id FROM payments WHERE client_id = 'acme' AND debtor_account_number = $1 AND created_at <= $2 ORDER BY created_at DESC, payment_id DESC",
        [ACCOUNT, upTo],
      );
      expect(total).toBe(rows.length);
      expect(seen).toEqual(rows.map((r) => r.id));
    });
  }

  it("delivery log: every attempt exactly once, in order, ties by delivery and attempt", async () => {
    const { total, seen } = await walk<{ deliveryId: string; attemptNumber: number }>(
      listDeliveries,
      `/v1/notifications/subscriptions/${subscriptionId}/deliveries`,
      { subscriptionId },
      (a) => `${a.deliveryId}/${a.attemptNumber}`,
      true,
    );
    const { rows } = await (
      await db()
    ).query<{ k: string }>(
      `SELECT a.delivery_id || '/' || a.attempt_no AS k FROM delivery_attempts a JOIN deliveries d USING (client_id, delivery_id)
       WHERE d.client_id = 'acme' AND d.source_id = $1 ORDER BY a.attempted_at DESC, a.delivery_id DESC, a.attempt_no DESC`,
      [subscriptionId],
    );
    expect(total).toBe(ATTEMPT_ROWS);
    expect(seen).toEqual(rows.map((r) => r.k));
  });

  it("a page far from the last one (a jump) is the same rows as walking to it", async () => {
    const token = await tokenFor("acme");
    const first = (await call(listVirtualAccounts, "/v1/virtual-accounts?currency=USD&pageSize=50", { token })) as unknown as Page<{
      virtualAccountNumber: string;
    }>;
    const upTo = (
      await (await db()).query<{ t: string }>("SELECT max(created_at)::text AS t FROM virtual_accounts WHERE client_id = 'acme' AND currency = 'USD'")
    ).rows[0]!.t;
    const expected = await expectedVirtualAccounts(upTo, "USD");
    const second = (await call(listVirtualAccounts, `/v1/virtual-accounts?currency=USD&pageStart=2&pageToken=${first.body.meta.pagination.page_token}`, {
      token,
    })) as unknown as Page<{ virtualAccountNumber: string }>;
    await arrive();
    for (const [from, page] of [
      [first, 30],
      [second, 17],
      [second, 2],
    ] as const) {
      const res = (await call(listVirtualAccounts, `/v1/virtual-accounts?currency=USD&pageStart=${page}&pageToken=${from.body.meta.pagination.page_token}`, {
        token,
      })) as unknown as Page<{ virtualAccountNumber: string }>;
      expect(res.body.data.map((a) => a.virtualAccountNumber)).toEqual(expected.slice((page - 1) * 50, page * 50));
    }
  });

  it("a page past the end is 200 with empty data and the same total; the largest pageStart too", async () => {
    const token = await tokenFor("acme");
    const first = (await call(listAccountPayments, `/v1/accounts/${ACCOUNT}/payments?pageSize=1000`, {
      token,
      params: { accountNumber: ACCOUNT },
    })) as unknown as Page<unknown>;
    const total = first.body.meta.pagination.total_size;
    for (const page of [Math.ceil(total / 1000) + 1, 2_147_483_647]) {
      const res = (await call(listAccountPayments, `/v1/accounts/${ACCOUNT}/payments?pageStart=${page}&pageToken=${first.body.meta.pagination.page_token}`, {
        token,
        params: { accountNumber: ACCOUNT },
      })) as unknown as Page<unknown>;
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.pagination.total_size).toBe(total);
    }
  });

  it("binds every token, including a deep page's, to the client, endpoint, filters and page size", async () => {
    const token = await tokenFor("acme");
    const first = (await call(listVirtualAccounts, "/v1/virtual-accounts?pageSize=100", { token })) as unknown as Page<unknown>;
    const deep = (await call(listVirtualAccounts, `/v1/virtual-accounts?pageStart=12&pageToken=${first.body.meta.pagination.page_token}`, {
      token,
    })) as unknown as Page<unknown>;
    const deepToken = deep.body.meta.pagination.page_token;
    expect(deepToken).not.toBe(first.body.meta.pagination.page_token);
    const refused = [
      await call(listVirtualAccounts, `/v1/virtual-accounts?pageStart=13&pageToken=${deepToken}`, { token: await tokenFor("globex") }),
      await call(listVirtualAccounts, `/v1/virtual-accounts?currency=USD&pageStart=13&pageToken=${deepToken}`, { token }),
      await call(listVirtualAccounts, `/v1/virtual-accounts?pageStart=13&pageSize=50&pageToken=${deepToken}`, { token }),
      await call(listAccountPayments, `/v1/accounts/${ACCOUNT}/payments?pageStart=13&pageToken=${deepToken}`, { token, params: { accountNumber: ACCOUNT } }),
      await call(listVirtualAccounts, `/v1/virtual-accounts?pageStart=13&pageToken=${deepToken.slice(0, 10)}A${deepToken.slice(11)}`, { token }),
    ];
    for (const res of refused) expectErrorBody(res.body, 400, "INVALID_PAGE_TOKEN");
  });
});
