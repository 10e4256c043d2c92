// Data-scale benchmark (issue 15, "Data scale"; docs/pagination-at-scale.md): a client
// with 1,000,000 virtual accounts, an account with 1,000,000 payments and a subscription
// with 1,000,000 delivery attempts (acme), beside a client with 1,000 of each (globex), in
// the same run. Rows are bulk-loaded in SQL (generate_series), not through the API. Writes
// docs/benchmarks-scale.md.
//
//   node scripts/bench-scale-data.mjs
//     starts its own production server (PORT 3180, DATA_DIR .data/bench-scaledata) from the build in NEXT_DIST_DIR (default .next)
//   BENCH_BASE_URL=http://127.0.0.1:3200 [BENCH_DATA_DIR=.data/bench | BENCH_DATABASE_URL=postgres://...] node scripts/bench-scale-data.mjs
//     uses a running server (scripts/bench.mjs calls it so) and its database.
//   BENCH_SCALE_ROWS (default 1000000) sizes the large client; BENCH_SCALE_SAMPLES (default 100) requests per row.
//
// Each figure is the latency of sequential requests from one connection (the question is
// what depth and size cost one request, not throughput). "Before" is the pre-change SQL
// of each list (count(*) OVER () and OFFSET from the top, commit 07b1026's repos) timed
// directly on the same database in the same run, beside the new SQL timed the same way:
// the server can only run one version of the code, the database can run both.
// Figures are reported, never asserted: the targets are in the document it writes.
import { writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import {
  bearer,
  benchServer,
  databaseUrl,
  ms as f,
  timeRequests as timeRequestsOf,
  timeSql as timeSqlOf,
  tokenForPage as tokenForPageOf,
} from "./bench-kit.mjs";

const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);
const SMALL = 1_000;
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 100);
const DEEP_PAGE = 1_000;
const PAGE_SIZE = 100;
const OWN_PORT = 3180;
const OWN_DATA_DIR = ".data/bench-scaledata";
const BIG = { client: "acme", account: "1000123456", subscription: "5ca1e000-0000-4000-8000-00000000000a", vaPrefix: "97" };
const LITTLE = { client: "globex", account: "3000456001", subscription: "5ca1e000-0000-4000-8000-00000000000b", vaPrefix: "96" };

/** One real payment through the API per client: the template every bulk row copies. */
async function templatePayment(base, auth, account) {
  const res = await fetch(`${base}/v1/payments/ach-local`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({
      debtorAccount: { identification: account },
      debitCurrency: "USD",
      instructedAmount: { amount: "1.00", currency: "USD" },
      creditorAccount: { identification: "20004455667", name: "Bench Supplier" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      remittanceInformation: ["bench"],
    }),
  });
  if (res.status !== 201) throw new Error(`template payment: ${res.status} ${await res.text()}`);
}

/**
 * n virtual accounts, n payments on one account and n delivery attempts of one
 * subscription, newest first over n ms with tie groups of 3 (ties are the rule in
 * batch-created rows). Balances of 1.00 each, so balances/total has work to do.
 */
async function load(db, who, n) {
  await db.query(
    `INSERT INTO virtual_accounts (client_id, virtual_account_number, currency, account_holder_name, account_name, balance_minor, created_at)
     SELECT $1, $2 || lpad(i::text, 10, '0'), 'USD', 'Bench Holder ' || i, 'Bench Account ' || i, 100, now() - interval '1 day' - (i / 3) * interval '1 ms'
     FROM generate_series(1, $3) AS i`,
    [who.client, who.vaPrefix, n],
  );
  // Every column of the template row as it is (whatever migrations added), but the key and the time.
  const { rows: columns } = await db.query(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'payments' AND table_schema = 'public' ORDER BY ordinal_position",
  );
  const override = { payment_id: "g.id", unique_identifier: "g.id::text", created_at: "now() - interval '1 day' - (g.i / 3) * interval '1 ms'" };
  const names = columns.map((c) => c.column_name);
  await db.query(
    `INSERT INTO payments (${names.join(", ")})
     SELECT ${names.map((c) => override[c] ?? `p.${c}`).join(", ")}
     FROM (SELECT * FROM payments WHERE client_id = $1 AND debtor_account_number = $2 LIMIT 1) AS p,
          LATERAL (SELECT i, gen_random_uuid() AS id FROM generate_series(1, $3) AS i) AS g`,
    [who.client, who.account, n],
  );
  await db.query(
    "INSERT INTO webhook_subscriptions (client_id, subscription_id, topic, webhook_url) VALUES ($1, $2, 'Deposits', 'https://example.test/hook')",
    [who.client, who.subscription],
  );
  await db.query(
    `WITH d AS (
       INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, url, body, status, attempt_count, completed_at)
       SELECT $1, gen_random_uuid(), 'subscription', $2, 'https://example.test/hook', '{}', 'Failed', 10, now() FROM generate_series(1, $3 / 10)
       RETURNING delivery_id)
     INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, status_code, latency_ms, succeeded)
     SELECT $1, delivery_id, a, now() - interval '1 day' - (row_number() OVER () / 3) * interval '1 ms', 500, 5, false
     FROM d, generate_series(1, 10) AS a`,
    [who.client, who.subscription, n],
  );
}

const timeRequests = (url, auth) => timeRequestsOf(url, auth, SAMPLES);
const timeSql = (db, sql, params) => timeSqlOf(db, sql, params, SAMPLES);
const tokenForPage = (base, listPath, auth, page) => tokenForPageOf(base, listPath, auth, page, PAGE_SIZE);

const LISTS = [
  { name: "GET /v1/virtual-accounts", path: () => "/v1/virtual-accounts" },
  { name: "GET /v1/accounts/{n}/payments", path: (who) => `/v1/accounts/${who.account}/payments` },
  { name: "GET /v1/notifications/subscriptions/{id}/deliveries", path: (who) => `/v1/notifications/subscriptions/${who.subscription}/deliveries` },
];

/** The list SQL before this change (count(*) OVER () and OFFSET), and the new summary and seek, for the database-level before/after. */
function sqlVariants(who, accountId, offset) {
  const va = `SELECT virtual_account_number, currency, account_holder_name, account_name, balance_minor, created_at, count(*) OVER () AS total
              FROM (SELECT virtual_account_number, currency, account_holder_name, account_name, balance_minor, created_at FROM virtual_accounts WHERE client_id = $1
                    UNION ALL SELECT account_number, currency, NULL, nickname, available_minor, created_at FROM accounts WHERE client_id = $1 AND category IN ('settlement', 'parent')) l
              ORDER BY created_at DESC, virtual_account_number DESC LIMIT 100 OFFSET ${offset}`;
  const payments = `SELECT *, count(*) OVER () AS total FROM payments WHERE client_id = $1 AND debtor_account_id = $2 ORDER BY created_at DESC, payment_id DESC LIMIT 100 OFFSET ${offset}`;
  const attempts = `SELECT a.*, d.status, count(*) OVER () AS total FROM delivery_attempts a JOIN deliveries d ON d.client_id = a.client_id AND d.delivery_id = a.delivery_id
                    WHERE a.client_id = $1 AND d.source_kind = 'subscription' AND d.source_id = $2 ORDER BY a.attempted_at DESC, a.delivery_id DESC, a.attempt_no DESC LIMIT 100 OFFSET ${offset}`;
  return [
    [va, [who.client]],
    [payments, [who.client, accountId]],
    [attempts, [who.client, who.subscription]],
  ];
}

const { own, base, dataDir } = await benchServer({ port: OWN_PORT, dataDir: OWN_DATA_DIR });
const db = new pg.Client(databaseUrl(dataDir));
try {
  await db.connect();
  const auth = { big: await bearer(base, BIG.client), small: await bearer(base, LITTLE.client) };
  await templatePayment(base, auth.big, BIG.account);
  await templatePayment(base, auth.small, LITTLE.account);
  const loadStarted = performance.now();
  await load(db, BIG, ROWS);
  await load(db, LITTLE, SMALL);
  // What autovacuum does after a bulk load, done now: statistics and the visibility map.
  await db.query("VACUUM ANALYZE virtual_accounts, payments, deliveries, delivery_attempts, virtual_account_totals, list_counts");
  const loadS = (performance.now() - loadStarted) / 1000;
  console.log(`loaded ${ROWS} + ${SMALL} rows per list in ${loadS.toFixed(0)} s`);

  const rows = [];
  for (const list of LISTS) {
    const small = await timeRequests(`${base}${list.path(LITTLE)}?pageSize=${PAGE_SIZE}`, auth.small);
    const first = await timeRequests(`${base}${list.path(BIG)}?pageSize=${PAGE_SIZE}`, auth.big);
    const walked = await tokenForPage(base, list.path(BIG), auth.big, DEEP_PAGE);
    const deep = await timeRequests(`${base}${list.path(BIG)}?pageStart=${DEEP_PAGE}&pageToken=${encodeURIComponent(walked)}`, auth.big);
    const firstToken = await tokenForPage(base, list.path(BIG), auth.big, 2);
    const jump = await timeRequests(`${base}${list.path(BIG)}?pageStart=${DEEP_PAGE}&pageToken=${encodeURIComponent(firstToken)}`, auth.big);
    const row = { name: list.name, small, first, deep, jump };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  const total = await timeRequests(`${base}/v1/virtual-accounts/balances/total?currency=USD`, auth.big);
  const totalSmall = await timeRequests(`${base}/v1/virtual-accounts/balances/total?currency=USD`, auth.small);
  console.log(JSON.stringify({ total, totalSmall }));

  // Database-level before/after, same data, same run.
  const accountId = (await db.query("SELECT account_id FROM accounts WHERE client_id = $1 AND account_number = $2", [BIG.client, BIG.account])).rows[0]
    .account_id;
  const sqlRows = [];
  for (const [i, list] of LISTS.entries()) {
    const [firstSql, firstParams] = sqlVariants(BIG, accountId, 0)[i];
    const [deepSql, deepParams] = sqlVariants(BIG, accountId, (DEEP_PAGE - 1) * PAGE_SIZE)[i];
    sqlRows.push({ name: list.name, beforeFirst: await timeSql(db, firstSql, firstParams), beforeDeep: await timeSql(db, deepSql, deepParams) });
  }
  const beforeTotal = await timeSql(db, "SELECT coalesce(sum(balance_minor), 0) FROM virtual_accounts WHERE client_id = $1 AND currency = 'USD'", [BIG.client]);
  const afterTotal = await timeSql(db, "SELECT coalesce(sum(balance_minor), 0) FROM virtual_account_totals WHERE client_id = $1 AND currency = 'USD'", [
    BIG.client,
  ]);
  const indexOnlyTotal = await timeSql(db, "SELECT count(*) FROM virtual_accounts WHERE client_id = $1", [BIG.client]);
  console.log(JSON.stringify({ sqlRows, beforeTotal, afterTotal, indexOnlyTotal }));

  const within = (ms, limit) => (ms <= limit ? "yes" : "no");
  const lines = [
    "# Benchmarks: data scale",
    "",
    `Run by \`node scripts/bench-scale-data.mjs\` (part of \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version},`,
    `production build on the embedded PostgreSQL. Large client (acme): ${ROWS.toLocaleString("en-US")} virtual accounts, ${ROWS.toLocaleString("en-US")} payments on one account, ${ROWS.toLocaleString("en-US")} delivery attempts of one subscription;`,
    `small client (globex): ${SMALL.toLocaleString("en-US")} of each; bulk-loaded in SQL in ${loadS.toFixed(0)} s, then VACUUM ANALYZE. Page size ${PAGE_SIZE}; each figure: ${SAMPLES} sequential requests`,
    "from one connection after 3 warm-up requests, in ms. On 2 cores single figures are noisy (the load generator shares them); the ratios within a row are the point.",
    "Design: docs/pagination-at-scale.md.",
    "",
    "## Pages (HTTP, after the change)",
    "",
    "| list | small client first page p50 / p99 | large: first page p50 / p99 | large: page 1,000 walked with each token p50 / p99 | large: page 1,000 jumped to with the first token p50 / p99 | first and walked page 1,000 within 2× the small p99 |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(r.small.p50)} / ${f(r.small.p99)} | ${f(r.first.p50)} / ${f(r.first.p99)} | ${f(r.deep.p50)} / ${f(r.deep.p99)} | ${f(r.jump.p50)} / ${f(r.jump.p99)} | ${within(Math.max(r.first.p99, r.deep.p99), 2 * r.small.p99)} |`,
    ),
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    `| GET /v1/virtual-accounts/balances/total under 50 ms with ${ROWS.toLocaleString("en-US")} virtual accounts | p50 ${f(total.p50)} ms, p99 ${f(total.p99)} ms (small client: p99 ${f(totalSmall.p99)} ms) | ${within(total.p99, 50)} |`,
    "",
    "## Before and after, in the database (same data, same run)",
    "",
    "The list SQL before the change (every page counts the whole result set with count(*) OVER () and skips rows with OFFSET), timed on the large client directly, beside the whole request after it (above).",
    "",
    "| list | before: page 1 SQL p50 / p99 | before: page 1,000 SQL p50 / p99 | after: page 1 request p99 | after: page 1,000 request p99 |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...sqlRows.map(
      (s, i) =>
        `| ${s.name} | ${f(s.beforeFirst.p50)} / ${f(s.beforeFirst.p99)} | ${f(s.beforeDeep.p50)} / ${f(s.beforeDeep.p99)} | ${f(rows[i].first.p99)} | ${f(rows[i].deep.p99)} |`,
    ),
    "",
    "| balances/total | p50 / p99 |",
    "| --- | ---: |",
    `| before: sum(balance_minor) over the client's virtual accounts | ${f(beforeTotal.p50)} / ${f(beforeTotal.p99)} |`,
    `| an index-only aggregate for comparison (count(*) on virtual_accounts_listing) | ${f(indexOnlyTotal.p50)} / ${f(indexOnlyTotal.p99)} |`,
    `| after: the maintained total (virtual_account_totals, at most 16 rows) | ${f(afterTotal.p50)} / ${f(afterTotal.p99)} |`,
    "",
  ];
  writeFileSync("docs/benchmarks-scale.md", lines.join("\n") + "\n");
  console.log("wrote docs/benchmarks-scale.md");
} finally {
  await db.end().catch(() => {});
  await own?.stop();
}
