import "server-only";
import { verifyAuditChains } from "@/lib/server/core/audit/verify";
import { sealAllAuditChains } from "@/lib/server/core/audit/seal";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { ApiError } from "@/lib/contract/http/errors";

export default defineCommand({
  name: "audit verify",
  summary: "Check every organisation's audit hash chain; exit 1 naming the first broken row",
  flags: {
    client: { type: "string", value: "ID", description: "check only this organisation's chain" },
    seal: { type: "boolean", description: "first seal rows waiting for their seal (a write; off by default)" },
  },
  details: "Recomputes each chain from its first row (lib/server/core/audit/verify.ts). Rows not yet sealed are counted, not judged.",
  async run(ctx, flags) {
    if (flags.seal === true) await sealAllAuditChains(ctx.db);
    const report = await verifyAuditChains(ctx.db, { clientId: stringFlag(flags.client) });
    const broken = report.firstBroken;
    if (broken) {
      const row = broken.auditId ? `audit row ${broken.auditId} (chain position ${broken.chainSeq})` : `the end of the chain (position ${broken.chainSeq})`;
      throw new ApiError("AUDIT_CHAIN_BROKEN", `The audit chain of ${broken.clientId} is broken at ${row}: ${broken.reason}.`);
    }
    const sealed = report.chains.reduce((n, c) => n + c.sealed, 0);
    const unsealed = report.chains.reduce((n, c) => n + c.unsealed, 0);
    return {
      json: { ok: true, organisations: report.chains.length, sealedRows: sealed, unsealedRows: unsealed },
      text: `Every audit chain holds: ${report.chains.length} organisation(s), ${sealed} sealed row(s), ${unsealed} awaiting their seal.`,
    };
  },
});
