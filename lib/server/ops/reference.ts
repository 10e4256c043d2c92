import "server-only";
import { ZBankCodeAdd } from "@/lib/contract/ops/schema";
import { withTransaction } from "@/lib/server/db/transaction";
import { parseInput } from "@/lib/server/http/validation";
import { auditOperation } from "@/lib/server/ops/audit";
import type { OpsContext } from "@/lib/server/ops/context";
import { upsertBankCode } from "@/lib/server/ops/reference-repo";

/**
 * Reference data the payment rails decide with. Each write bumps
 * reference_data_version (a trigger, migrations/0007), and every running
 * server's kept copy (lib/server/payments/known-data.ts) is refused as stale
 * at its next submission and reloaded: no restart.
 */

export async function addBankCode(ctx: OpsContext, input: unknown): Promise<{ bankCode: string; currency: string; name: string }> {
  const data = parseInput(ZBankCodeAdd, input);
  const name = data.name ?? data.bankCode;
  return withTransaction(ctx.db, async (tx) => {
    const before = await upsertBankCode(tx, data.bankCode, data.currency, name);
    await auditOperation(tx, {
      clientId: null, actor: ctx.actor, correlationId: ctx.correlationId, action: before ? "bank_code.renamed" : "bank_code.added",
      entity: "bank_code", entityId: `${data.bankCode}/${data.currency}`, before: before ? { name: before } : null, after: { name },
    });
    return { bankCode: data.bankCode, currency: data.currency, name };
  });
}
