import "server-only";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { addBankCode } from "@/lib/server/domain/operations/reference";

export default defineCommand({
  name: "bank-code add",
  summary: "Configure an ACH bank code for a currency (running servers use it from their next payment)",
  flags: {
    code: { type: "string", value: "CODE", required: true, description: "the bank code, e.g. BANK_D" },
    currency: { type: "string", value: "CCY", required: true, description: "ISO 4217 currency, e.g. USD" },
    name: { type: "string", value: "NAME", description: "the bank's name (default: the code)" },
  },
  async run(ctx, flags) {
    return { json: await addBankCode(ctx, { bankCode: flags.code, currency: flags.currency, name: stringFlag(flags.name) }) };
  },
});
