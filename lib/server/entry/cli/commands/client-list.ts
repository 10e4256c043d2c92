import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { listClients } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client list",
  summary: "List clients with their status",
  flags: {},
  async run(ctx) {
    const clients = await listClients(ctx);
    return {
      json: { clients },
      text: clients.map((c) => `${c.clientId}\t${c.status}\t${c.signing}\t${c.name}`).join("\n") || "No clients yet.",
    };
  },
});
