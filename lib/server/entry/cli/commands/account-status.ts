import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { setAccountStatus } from "@/lib/server/domain/operations/accounts";

export default defineCommand({
  name: "account status",
  summary: "Set an account's status to Active or INACTIVE (an INACTIVE account cannot be debited)",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    number: { type: "string", value: "N", required: true, description: "the account number" },
    status: { type: "string", value: "Active|INACTIVE", required: true, description: "the new status" },
  },
  async run(ctx, flags) {
    return { json: await setAccountStatus(ctx, { clientId: flags.client, accountNumber: flags.number, status: flags.status }) };
  },
});
