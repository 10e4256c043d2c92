import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { provisionVirtualAccountCurrency } from "@/lib/server/domain/operations/accounts";

export default defineCommand({
  name: "va-currency add",
  summary: "Let a client open virtual accounts in a currency",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    currency: { type: "string", value: "CCY", required: true, description: "ISO 4217 currency" },
  },
  async run(ctx, flags) {
    return { json: await provisionVirtualAccountCurrency(ctx, { clientId: flags.client, currency: flags.currency }) };
  },
});
