import "server-only";
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { StreamedFile } from "@/lib/contract/http/streamed-file";
import type { TStatementFormat, TStatementQuery } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { activityFilterOf, toTransaction, type ActivitySubject } from "@/lib/server/domain/ledger/activity";
import { balancesAround, pendingPostingIds, statementQuery, type ActivityRow } from "@/lib/server/domain/ledger/activity-repo";
import { camt053Statement } from "@/lib/server/domain/ledger/statements/camt053";
import { csvStatement } from "@/lib/server/domain/ledger/statements/csv";
import type { StatementFormat, StatementMeta } from "@/lib/server/domain/ledger/statements/format";
import { mt940Statement } from "@/lib/server/domain/ledger/statements/mt940";

const FORMATS: Record<TStatementFormat, StatementFormat> = { csv: csvStatement, mt940: mt940Statement, camt053: camt053Statement };

/** Rows fetched per round trip: a few hundred kilobytes of text at most in memory. */
const FETCH_ROWS = 1000;

/**
 * GET /v1/accounts/{accountNumber}/statements and
 * GET /v1/virtual-accounts/{virtualAccountNumber}/statements: the account is checked first
 * (404 before any byte is sent); then one dedicated connection reads the
 * balances and the entries in one REPEATABLE READ snapshot (so opening +
 * entries = closing even while payments arrive), through a server-side
 * cursor, FETCH_ROWS at a time, as the client reads: nothing holds the
 * whole statement. The next batch is fetched while the current one is
 * formatted, so the database and the formatting overlap (at most two batches
 * are held). A client that goes away cancels the stream and frees the
 * connection.
 *
 * The closing balance is the booked one (docs/ledger.md, Statements): the
 * postings of payments still Pending are left out, and the available balance
 * (with them) is written beside it. A range that ends after today (bank time)
 * is cut at today: nothing is booked in the future, and a closing balance
 * dated tomorrow would claim so; a range wholly in the future becomes today's.
 */
export async function streamStatement(
  pool: Pool,
  clientId: string,
  accountNumber: string,
  query: TStatementQuery,
  subject: ActivitySubject = "account",
  now: Date = new Date(),
): Promise<StreamedFile> {
  const today = bankLocalParts(now).date;
  const toDate = query.toDate > today ? today : query.toDate;
  const fromDate = query.fromDate > toDate ? toDate : query.fromDate;
  const { format: formatName, ...rest } = query;
  const filters = { ...rest, fromDate, toDate };
  const { filter, currency } = await activityFilterOf(pool, clientId, accountNumber, filters, subject);
  const format = FORMATS[formatName];
  const encoder = new TextEncoder();
  let client: PoolClient | null = null;
  let meta: StatementMeta | null = null;
  let next: Promise<ActivityRow[]> | null = null;
  const fetchNext = (held: PoolClient) => {
    const rows = held.query<ActivityRow>(`FETCH ${FETCH_ROWS} FROM statement_rows`).then((r) => r.rows);
    // A cancelled stream releases the connection under a prefetch nobody awaits any more.
    rows.catch(() => {});
    return rows;
  };

  const finish = async (error?: unknown) => {
    const held = client;
    client = null;
    if (!held) return;
    if (error) held.release(error instanceof Error ? error : new Error(String(error)));
    else {
      await held.query("COMMIT");
      held.release();
    }
  };

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!meta) {
          client = await pool.connect();
          await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
          const pending = await pendingPostingIds(client, filter);
          const balances = await balancesAround(client, filter, { fromDate, toDate }, pending);
          const { text, values } = statementQuery(filter, pending);
          await client.query(`DECLARE statement_rows NO SCROLL CURSOR FOR ${text}`, values);
          meta = {
            statementId: `STMT${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 4).toUpperCase()}`,
            accountNumber,
            accountName: accountNumber,
            currency,
            fromDate,
            toDate,
            openingMinor: balances.opening,
            closingMinor: balances.closing,
            closingAvailableMinor: balances.closingAvailable,
            createdAt: now,
          };
          next = fetchNext(client);
          controller.enqueue(encoder.encode(format.header(meta)));
          return;
        }
        const rows = await next!;
        next = rows.length < FETCH_ROWS ? null : fetchNext(client!);
        if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => format.entry(toTransaction(row), meta!)).join("")));
        if (rows.length < FETCH_ROWS) {
          controller.enqueue(encoder.encode(format.footer(meta)));
          await finish();
          controller.close();
        }
      } catch (error) {
        await finish(error);
        controller.error(error);
      }
    },
    async cancel() {
      await finish(new Error("statement download cancelled"));
    },
  });
  return new StreamedFile(stream, format.contentType, `statement-${accountNumber}-${fromDate}-${toDate}.${format.extension}`);
}
