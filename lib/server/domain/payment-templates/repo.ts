import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TTemplateRequest } from "@/lib/contract/payment-templates/schema";
import type { TRail } from "@/lib/contract/payments/schema";

/** The only SQL of payment templates (migrations/0064_payment_templates.sql). The tenant is in every WHERE. */

export type TemplateRow = {
  template_id: string;
  name: string;
  rail: TRail;
  request: TTemplateRequest;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = "template_id::text, name, rail, request, created_by, created_at, updated_at";

/** The new template, or null when the client already has one of that name (any case). */
export async function insertTemplate(
  db: Queryable,
  clientId: string,
  row: Omit<TemplateRow, "created_at" | "updated_at"> & { now: Date },
): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(
    `INSERT INTO payment_templates (client_id, template_id, name, rail, request, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (client_id, lower(name)) DO NOTHING RETURNING ${COLUMNS}`,
    [clientId, row.template_id, row.name, row.rail, JSON.stringify(row.request), row.created_by, row.now],
  );
  return rows[0] ?? null;
}

/** One template; `lock` holds its row for a change or a deletion. */
export async function findTemplate(db: Queryable, clientId: string, templateId: string, lock = false): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM payment_templates WHERE client_id = $1 AND template_id = $2${lock ? " FOR UPDATE" : ""}`,
    [clientId, templateId],
  );
  return rows[0] ?? null;
}

/** Another template of the client with this name (any case): names pick templates, so they are unique. */
export async function nameTaken(db: Queryable, clientId: string, name: string, exceptId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM payment_templates WHERE client_id = $1 AND lower(name) = lower($2) AND template_id <> $3 FOR UPDATE`, [
    clientId,
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function updateTemplate(
  db: Queryable,
  clientId: string,
  templateId: string,
  change: Pick<TemplateRow, "name" | "request"> & { now: Date },
): Promise<TemplateRow> {
  const { rows } = await db.query<TemplateRow>(
    `UPDATE payment_templates SET name = $3, request = $4, updated_at = $5 WHERE client_id = $1 AND template_id = $2 RETURNING ${COLUMNS}`,
    [clientId, templateId, change.name, JSON.stringify(change.request), change.now],
  );
  return rows[0]!;
}

export async function deleteTemplate(db: Queryable, clientId: string, templateId: string): Promise<void> {
  await db.query(`DELETE FROM payment_templates WHERE client_id = $1 AND template_id = $2`, [clientId, templateId]);
}

/** Templates newest first (ties by id, decisions §4), with the total; `name` matches part of the name, case-insensitive. */
export async function templatesPage(
  db: Queryable,
  clientId: string,
  filters: { name?: string; rail?: TRail },
  page: { limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = `client_id = $1 AND ($2::text IS NULL OR strpos(lower(name), lower($2)) > 0) AND ($3::text IS NULL OR rail = $3)`;
  const params = [clientId, filters.name ?? null, filters.rail ?? null];
  // One after the other: db may be a transaction's client, which runs one query at a time.
  const list = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM payment_templates WHERE ${where} ORDER BY created_at DESC, template_id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_templates WHERE ${where}`, params);
  return { rows: list.rows, total: count.rows[0]!.n };
}
