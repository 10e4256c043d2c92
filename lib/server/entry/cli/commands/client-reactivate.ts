import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { reactivateClient } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client reactivate",
  summary: "Reactivate a suspended client",
  flags: { id: { type: "string", value: "ID", required: true, description: "the client id" } },
  async run(ctx, flags) {
    const client = await reactivateClient(ctx, { clientId: flags.id });
    return { json: { clientId: client.clientId, status: client.status }, text: `Client ${client.clientId} is ${client.status}.` };
  },
});
