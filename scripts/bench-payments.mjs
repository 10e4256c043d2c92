// Payments benchmark (docs/benchmarks-payments.md). Called by scripts/bench.mjs
// with BENCH_BASE_URL (a running production server on a fresh database,
// RATE_LIMIT_MAX raised) and BENCH_DATA_DIR (its embedded PostgreSQL) or
// DATABASE_URL. Measures ACH creation with a fresh Idempotency-Key per
// request, replays of one key, and the bare SQL transaction the creation
// boils down to, from a plain node script on one connection. Figures are
// reported, not asserted; the targets are checked in the written table.
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";

const BASE = process.env.BENCH_BASE_URL;
if (!BASE) {
  console.error("BENCH_BASE_URL is required (a running production server; see scripts/bench.mjs)");
  process.exit(2);
}
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEBTOR = "1000123460"; // acme, USD, 1,000,000.00: a cent per payment never runs dry
const OUT = process.env.BENCH_PAYMENTS_OUT ?? "docs/benchmarks-payments.md";
/** Tags this run's remittance lines, so a reused database does not blur the duplicate count. */
const RUN = `b${randomUUID().slice(0, 4)}`;

function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dir = process.env.BENCH_DATA_DIR ?? ".data/bench";
  const { port, password } = JSON.parse(readFileSync(`${dir}/embedded-pg.json`, "utf8"));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/harbour`;
}

async function token() {
  const res = await fetch(`${BASE}/v1/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from("acme:acme-uat-secret").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

function achBody(line, debtor = DEBTOR, instructionIdentification = undefined) {
  return JSON.stringify({
    ...(instructionIdentification ? { instructionIdentification } : {}),
    debtorAccount: { identification: debtor },
    debitCurrency: "USD",
    instructedAmount: { amount: "0.01", currency: "USD" },
    creditorAccount: { identification: "20004455667", name: "Bench Creditor" },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: [line],
  });
}

const auth = `Bearer ${await token()}`;
const json = { authorization: auth, "content-type": "application/json" };

const db = new pg.Client({ connectionString: databaseUrl() });
await db.connect();

// The machine may be shared (the load generator runs beside the server), so the rows compared
// with each other are measured interleaved: ROUNDS rounds, each running every row for
// DURATION_S / ROUNDS seconds, and each row's rate is its requests over its total time.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const slice = Math.max(1, Math.round(DURATION_S / ROUNDS));

/** `withInstruction`: each request also carries a fresh instructionIdentification (16 hex digits of its key). */
function freshKeyRequests(debtors, tag, withInstruction = false) {
  let i = 0;
  return [
    {
      method: "POST",
      setupRequest: (req) => {
        const key = randomUUID();
        // The key is also in the remittance line, so duplicates are countable afterwards.
        // Remittance lines hold 35 characters: the run tag and 30 hex digits of the key.
        const line = `${tag}${key.replaceAll("-", "").slice(0, 30)}`;
        const instruction = withInstruction ? key.replaceAll("-", "").slice(0, 16) : undefined;
        return { ...req, headers: { ...json, "idempotency-key": key }, body: achBody(line, debtors[i++ % debtors.length], instruction) };
      },
    },
  ];
}

const replayKey = randomUUID();
const replayLine = `${RUN}-replay`;
await fetch(`${BASE}/v1/payments/ach-local`, { method: "POST", headers: { ...json, "idempotency-key": replayKey }, body: achBody(replayLine) });

const scenarios = [
  {
    name: "POST /v1/payments/ach-local, fresh Idempotency-Key each",
    options: (tag) => ({ url: `${BASE}/v1/payments/ach-local`, requests: freshKeyRequests([DEBTOR], tag) }),
  },
  // One hot account serialises its debits on the account's row lock (that lock is what makes
  // overdraft impossible); this row spreads the same load over three active USD accounts.
  {
    name: "POST /v1/payments/ach-local, fresh keys, 3 debtor accounts",
    options: (tag) => ({ url: `${BASE}/v1/payments/ach-local`, requests: freshKeyRequests(["1000123460", "1000123456", "2000123001"], tag) }),
  },
  // The instructionIdentification dedupe guard (advisory lock and primary key) on top.
  {
    name: "POST /v1/payments/ach-local, fresh keys and instructionIdentification",
    options: (tag) => ({ url: `${BASE}/v1/payments/ach-local`, requests: freshKeyRequests([DEBTOR], tag, true) }),
  },
  {
    name: "POST /v1/payments/ach-local, one repeated key (replay)",
    options: () => ({ url: `${BASE}/v1/payments/ach-local`, method: "POST", headers: { ...json, "idempotency-key": replayKey }, body: achBody(replayLine) }),
  },
  { name: "empty route handler (GET /livez)", options: () => ({ url: `${BASE}/livez` }) },
  { name: "GET /v1/accounts/{n} (JSON)", options: () => ({ url: `${BASE}/v1/accounts/${DEBTOR}`, headers: { authorization: auth } }) },
];

// Warm-up, not measured: every row runs at full concurrency first, so the JIT has compiled the
// hot paths and the connection pools are full before any row is timed (a cold first slice
// otherwise lowers whichever row happens to run first). Its payments carry another tag.
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
for (const scenario of scenarios) await autocannon({ connections: CONNECTIONS, duration: WARMUP_S, ...scenario.options("warm") });

const countRun = async () =>
  Number(
    (await db.query("SELECT count(*) AS n FROM payments WHERE remittance_information[1] LIKE $1 || '%' AND remittance_information[1] <> $2", [RUN, replayLine]))
      .rows[0].n,
  );
const totals = scenarios.map(() => ({ requests: 0, seconds: 0, errors: 0, ok: 0, p50: [], p99: [] }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, scenario] of scenarios.entries()) {
    const result = await autocannon({ connections: CONNECTIONS, duration: slice, ...scenario.options(RUN) });
    const t = totals[i];
    t.requests += result.requests.total;
    t.seconds += slice;
    t.errors += result.errors + result.timeouts + result.non2xx;
    t.ok += Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => code.startsWith("2"))
      .reduce((n, [, st]) => n + st.count, 0);
    t.p50.push(result.latency.p50);
    t.p99.push(result.latency.p99);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [create, spread, guarded, replay, empty, getAccount] = scenarios.map((scenario, i) => {
  const t = totals[i];
  const r = { name: scenario.name, rps: Math.round(t.requests / t.seconds), p50: median(t.p50), p99: median(t.p99), errors: t.errors, ok: t.ok };
  console.log(JSON.stringify(r));
  return r;
});
const created = await countRun();
const expectedCreated = create.ok + spread.ok + guarded.ok;
const duplicates = Number(
  (
    await db.query(
      "SELECT count(*) - count(DISTINCT remittance_information) AS d FROM payments WHERE remittance_information[1] LIKE $1 || '%' AND remittance_information[1] <> $2",
      [RUN, replayLine],
    )
  ).rows[0].d,
);
const replayPayments = Number((await db.query("SELECT count(*) AS n FROM payments WHERE remittance_information[1] = $1", [replayLine])).rows[0].n);

// 4. The bare SQL of one creation on one connection: the payment row, its balanced ledger entry
// (the covered debit with the balance and posting count under the row lock, the client posting
// with its balance after, the ACH clearing posting: what ledger_post_entry writes for an ACH
// payment without a charge, hand-written) and the idempotency row.
const account = (await db.query("SELECT client_id, account_id FROM accounts WHERE account_number = $1", [DEBTOR])).rows[0];
let bare = 0;
const bareUntil = Date.now() + DURATION_S * 1000;
while (Date.now() < bareUntil) {
  const id = randomUUID();
  await db.query("BEGIN");
  await db.query(
    `WITH a AS (UPDATE accounts SET available_minor = available_minor - 1, posting_count = posting_count + 1, balance_effective_date = now()
                WHERE client_id = $1 AND account_id = $2 AND available_minor >= 1 RETURNING available_minor),
          e AS (SELECT nextval('ledger_entry_seq') AS entry_id, clock_timestamp() AS at, available_minor FROM a)
     INSERT INTO ledger_postings (client_id, entry_id, account_id, bank_account, amount_minor, currency, kind, reference, cause_type, payment_id,
                                  value_date, booking_date, booked_at, balance_after_minor)
     SELECT $1, e.entry_id, leg.account_id, leg.bank_account, leg.amount, 'USD', 'payment', $3::text, 'payment', $3::text::uuid,
            current_date, (e.at AT TIME ZONE 'Atlantic/Bermuda')::date, e.at, leg.balance_after
     FROM e CROSS JOIN LATERAL (VALUES ($2, NULL, -1, e.available_minor), (NULL, 'ach_clearing:USD', 1, NULL)) AS leg (account_id, bank_account, amount, balance_after)`,
    [account.client_id, account.account_id, id],
  );
  await db.query(
    `INSERT INTO payments (client_id, payment_id, unique_identifier, rail, status, debtor_account_id, debtor_account_number, debit_minor,
       debit_currency, credit_minor, credit_currency, settlement_date, funds_held, details, remittance_information)
     VALUES ($1, $3::uuid, $3::text, 'ACH', 'Pending', $2, $4, 1, 'USD', 1, 'USD', current_date, true, '{}', ARRAY['bare'])`,
    [account.client_id, account.account_id, id, DEBTOR],
  );
  await db.query(
    `INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, expires_at, response_status, response_body)
     VALUES ($1, 'POST', '/bench', $2::text, 'completed', $2::uuid, now() + interval '1 hour', 201, '{}')`,
    [account.client_id, id],
  );
  await db.query("COMMIT");
  bare++;
}
const bareRow = { name: "bare SQL transaction, plain node script, one connection", rps: Math.round(bare / DURATION_S) };
console.log(JSON.stringify(bareRow));
await db.end();

const pct = (a, b) => `${Math.round((100 * a) / b)}%`;
const lines = [
  "# Payments benchmark",
  "",
  `Run by \`node scripts/bench-payments.mjs\` (from \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version},`,
  `production build, ${CONNECTIONS} connections, autocannon on the same machine; the six HTTP rows interleaved in ${ROUNDS} rounds of ${slice} s each`,
  "(so a load change on a shared machine hits all of them alike), rate = requests / total seconds, latency = median of the rounds' p50/p99.",
  "Each created payment is a full ACH submission: token, rate limit, idempotency claim, validation, debtor and bank checks,",
  "holiday calendar, funds reservation (row-locked conditional debit), payment row, settlement task, audit row and the stored response, committed together.",
  "",
  "| what | req/s | p50 ms | p99 ms | errors |",
  "| --- | ---: | ---: | ---: | ---: |",
  ...[create, spread, guarded, replay, empty, getAccount].map((r) => `| ${r.name} | ${r.rps} | ${r.p50 ?? "-"} | ${r.p99 ?? "-"} | ${r.errors ?? "-"} |`),
  `| ${bareRow.name} | ${bareRow.rps} | - | - | - |`,
  "",
  "| target | measured | met |",
  "| --- | --- | --- |",
  `| creation ≥ 40% of the empty route handler | ${pct(create.rps, empty.rps)} (${create.rps} vs ${empty.rps}) | ${create.rps >= 0.4 * empty.rps ? "yes" : "no"} |`,
  `| creation: zero errors | ${create.errors + spread.errors + guarded.errors} | ${create.errors + spread.errors + guarded.errors === 0 ? "yes" : "no"} |`,
  // Requests still in flight when a slice stops commit without their 201 being counted: at most one per connection per slice of each of the three creating rows.
  `| creation: zero duplicates (one payment per key) | ${duplicates} duplicates; ${created} payments for ${expectedCreated} counted 201s | ${duplicates === 0 && created >= expectedCreated && created - expectedCreated <= CONNECTIONS * ROUNDS * 3 ? "yes" : "no"} |`,
  `| replay ≥ GET /v1/accounts/{n} | ${replay.rps} vs ${getAccount.rps} | ${replay.rps >= getAccount.rps ? "yes" : "no"} |`,
  `| replay creates nothing | ${replayPayments} payment for the replayed key | ${replayPayments === 1 ? "yes" : "no"} |`,
  `| API creation vs the bare SQL transaction | ${pct(create.rps, bareRow.rps)} | (reported) |`,
  "",
  "Where the time goes (docs/payments.md, Performance): a keyed creation is two round trips, the admission",
  "statement (allow-list, rate limit, key claim) and the submission (SQL submit_payment with its commit); payments",
  "arriving together share one submission round trip and commit. The empty handler makes none, GET /v1/accounts/{n}",
  "two. The first row's payments all queue on one account's row lock; the 3-account row spreads them.",
  "",
];
writeFileSync(OUT, lines.join("\n"));
console.log(`wrote ${OUT}`);
