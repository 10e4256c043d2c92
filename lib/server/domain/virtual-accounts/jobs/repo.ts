import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { HolderDetails } from "@/lib/server/domain/virtual-accounts/repo";
import { sealCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";

/** The only SQL for batch-creation jobs and their results. The tenant is in every WHERE. */

export type JobStatus = "Pending" | "Processing" | "Completed" | "CompletedWithErrors" | "Failed";

/** One item of a batch as stored: the v1 and v2 requests normalised to the columns they fill. */
export type AccountSpec = {
  currency: string;
  accountHolderName: string | null;
  accountName: string | null;
  accountHolderType: "Individual" | "Business" | null;
  dob: string | null;
  nativeLanguageName: string | null;
  clientReference: string | null;
  holderDetails: HolderDetails;
};

export type JobRow = {
  job_id: string;
  api_version: 1 | 2;
  status: JobStatus;
  total_items: number;
  processed_items: number;
  succeeded_items: number;
  failed_items: number;
  callback_url: string | null;
  custom_headers: SealedHeaders;
  base_url: string;
  actor: string;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
};

const JOB_COLUMNS = `job_id, api_version, status, total_items, processed_items, succeeded_items, failed_items, callback_url,
  custom_headers, base_url, actor, created_at, updated_at, started_at, completed_at`;

export type NewJob = {
  clientId: string;
  jobId: string;
  apiVersion: 1 | 2;
  items: AccountSpec[];
  callbackUrl: string | null;
  customHeaders: Record<string, string>;
  baseUrl: string;
  actor: string;
};

export async function insertJob(db: Queryable, job: NewJob): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(
    `INSERT INTO virtual_account_jobs (client_id, job_id, api_version, total_items, items, callback_url, custom_headers, base_url, actor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${JOB_COLUMNS}`,
    [
      job.clientId,
      job.jobId,
      job.apiVersion,
      job.items.length,
      JSON.stringify(job.items),
      job.callbackUrl,
      sealCustomHeaders(job.customHeaders),
      job.baseUrl,
      job.actor,
    ],
  );
  return rows[0]!;
}

export async function findJob(db: Queryable, clientId: string, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM virtual_account_jobs WHERE client_id = $1 AND job_id = $2`, [clientId, jobId]);
  return rows[0] ?? null;
}

/** The items are immutable once accepted, so a worker reads them once per run, outside the chunk transactions. */
export async function findJobItems(db: Queryable, clientId: string, jobId: string): Promise<AccountSpec[] | null> {
  const { rows } = await db.query<{ items: AccountSpec[] }>("SELECT items FROM virtual_account_jobs WHERE client_id = $1 AND job_id = $2", [clientId, jobId]);
  return rows[0]?.items ?? null;
}

/** Serialises chunks of one job: whoever holds this lock alone may advance the counters. */
export async function lockJob(db: Queryable, clientId: string, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM virtual_account_jobs WHERE client_id = $1 AND job_id = $2 FOR UPDATE`, [clientId, jobId]);
  return rows[0] ?? null;
}

export async function markJobStarted(db: Queryable, clientId: string, jobId: string): Promise<void> {
  await db.query(
    `UPDATE virtual_account_jobs SET status = 'Processing', started_at = coalesce(started_at, clock_timestamp()), updated_at = clock_timestamp()
     WHERE client_id = $1 AND job_id = $2 AND status = 'Pending'`,
    [clientId, jobId],
  );
}

export async function advanceJob(
  db: Queryable,
  clientId: string,
  jobId: string,
  counters: { processed: number; succeeded: number; failed: number; status: JobStatus; finished: boolean },
): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(
    // A finished job drops its copy of the items: the holder data (names, dates of birth) then lives only in the accounts.
    `UPDATE virtual_account_jobs SET processed_items = $3, succeeded_items = $4, failed_items = $5, status = $6,
       updated_at = clock_timestamp(), completed_at = CASE WHEN $7 THEN clock_timestamp() ELSE completed_at END,
       items = CASE WHEN $7 THEN '[]'::jsonb ELSE items END
     WHERE client_id = $1 AND job_id = $2 RETURNING ${JOB_COLUMNS}`,
    [clientId, jobId, counters.processed, counters.succeeded, counters.failed, counters.status, counters.finished],
  );
  return rows[0]!;
}

/** The task gave up: the job ends Failed with whatever was committed so far. */
export async function failJob(db: Queryable, clientId: string, jobId: string, reason: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE virtual_account_jobs SET status = 'Failed', failure_reason = $3, updated_at = clock_timestamp(), completed_at = clock_timestamp(),
       items = '[]'::jsonb
     WHERE client_id = $1 AND job_id = $2 AND status IN ('Pending', 'Processing') RETURNING ${JOB_COLUMNS}`,
    [clientId, jobId, reason.slice(0, 1000)],
  );
  return rows[0] ?? null;
}

/** Fresh numbers from the bank-wide sequence, in ascending order. */
export async function nextSequenceValues(db: Queryable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await db.query<{ n: string }>("SELECT nextval('virtual_account_number_seq') AS n FROM generate_series(1, $1) ORDER BY 1", [count]);
  return rows.map((r) => Number(r.n));
}

export type NewAccount = AccountSpec & { number: string; index: number };

/**
 * One multi-row INSERT for a chunk, with an audit row per account (SQL
 * audit_write, lib/server/core/audit) in the same statement. ON CONFLICT on the batch item makes a re-run chunk create nothing
 * twice. Returns how many accounts were created.
 */
export async function insertJobAccounts(
  db: Queryable,
  clientId: string,
  jobId: string | null,
  actor: string,
  accounts: readonly NewAccount[],
): Promise<number> {
  if (accounts.length === 0) return 0;
  const input = accounts.map((a) => ({
    n: a.number,
    idx: a.index,
    cur: a.currency,
    holder: a.accountHolderName,
    name: a.accountName,
    htype: a.accountHolderType,
    dob: a.dob,
    nln: a.nativeLanguageName,
    ref: a.clientReference,
    details: a.holderDetails,
  }));
  const { rows } = await db.query<{ created: string }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb)
         AS x(n text, idx int, cur text, holder text, name text, htype text, dob date, nln text, ref text, details jsonb)),
     ins AS (
       INSERT INTO virtual_accounts (client_id, virtual_account_number, currency, account_holder_name, account_name, account_holder_type,
         dob, native_language_name, client_reference, holder_details, allocated_at, job_id, item_index)
       SELECT $1, n, cur, holder, name, htype, dob, nln, ref, coalesce(details, '{}'), CASE WHEN holder IS NOT NULL THEN now() END, $2::uuid, idx
       FROM input ORDER BY idx
       ON CONFLICT (client_id, job_id, item_index) DO NOTHING
       RETURNING virtual_account_number, item_index, account_holder_name IS NOT NULL AS allocated),
     audit AS (
       SELECT audit_write($1, $4, 'virtual_account.created', 'virtual_account', virtual_account_number,
              jsonb_strip_nulls(jsonb_build_object('jobId', $2::text, 'index', item_index, 'allocated', allocated)))
       FROM ins)
     -- audit is a SELECT: PostgreSQL runs it only because it is read here.
     SELECT (SELECT count(*) FROM ins) AS created, (SELECT count(*) FROM audit) AS audited`,
    [clientId, jobId, JSON.stringify(input), actor],
  );
  return Number(rows[0]!.created);
}

export type ItemFailure = { index: number; clientReference: string | null; code: string; message: string };

export async function insertJobFailures(db: Queryable, clientId: string, jobId: string, failures: readonly ItemFailure[]): Promise<number> {
  if (failures.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO virtual_account_job_failures (client_id, job_id, item_index, client_reference, error_code, error_message)
     SELECT $1, $2, idx, ref, code, message FROM jsonb_to_recordset($3::jsonb) AS x(idx int, ref text, code text, message text)
     ON CONFLICT DO NOTHING`,
    [clientId, jobId, JSON.stringify(failures.map((f) => ({ idx: f.index, ref: f.clientReference, code: f.code, message: f.message })))],
  );
  return rowCount ?? 0;
}

export type ResultRow = {
  item_index: number;
  virtual_account_number: string | null;
  client_reference: string | null;
  error_code: string | null;
  error_message: string | null;
};

/** Per-item results in item order: created accounts and recorded failures. */
export async function listJobResults(
  db: Queryable,
  clientId: string,
  jobId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ResultRow[]; total: number }> {
  const { rows } = await db.query<ResultRow & { total: string }>(
    `WITH results AS (
       SELECT item_index, virtual_account_number, client_reference, NULL::text AS error_code, NULL::text AS error_message
       FROM virtual_accounts WHERE client_id = $1 AND job_id = $2
       UNION ALL
       SELECT item_index, NULL, client_reference, error_code, error_message
       FROM virtual_account_job_failures WHERE client_id = $1 AND job_id = $2)
     SELECT *, count(*) OVER () AS total FROM results ORDER BY item_index LIMIT $3 OFFSET $4`,
    [clientId, jobId, page.limit, page.offset],
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  const count = await db.query<{ total: string }>(
    `SELECT (SELECT count(*) FROM virtual_accounts WHERE client_id = $1 AND job_id = $2)
          + (SELECT count(*) FROM virtual_account_job_failures WHERE client_id = $1 AND job_id = $2) AS total`,
    [clientId, jobId],
  );
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}
