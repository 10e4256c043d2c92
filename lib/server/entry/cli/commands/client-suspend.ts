import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { suspendClient } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client suspend",
  summary: "Suspend a client: its tokens and token requests get 401 at once and its webhooks stop",
  flags: { id: { type: "string", value: "ID", required: true, description: "the client id" } },
  async run(ctx, flags) {
    const client = await suspendClient(ctx, { clientId: flags.id });
    return { json: { clientId: client.clientId, status: client.status }, text: `Client ${client.clientId} is ${client.status}.` };
  },
});
