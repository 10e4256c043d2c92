import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { closeAccount } from "@/lib/server/domain/operations/accounts";

export default defineCommand({
  name: "account close",
  summary: "Close an account at zero balance with no pending payment (it stays, INACTIVE, with its history)",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    number: { type: "string", value: "N", required: true, description: "the account number" },
  },
  async run(ctx, flags) {
    const closed = await closeAccount(ctx, { clientId: flags.client, accountNumber: flags.number });
    return { json: closed, text: `Account ${closed.accountNumber} closed.` };
  },
});
