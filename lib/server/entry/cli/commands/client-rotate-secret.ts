import "server-only";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { rotateClientSecret } from "@/lib/server/domain/operations/clients";

export default defineCommand({
  name: "client rotate-secret",
  summary: "Issue a new client secret (shown once); the current ones stay valid for the overlap, then are refused",
  flags: {
    id: { type: "string", value: "ID", required: true, description: "the client id" },
    "overlap-hours": { type: "string", value: "N", description: "hours the current secrets stay valid (default 24)" },
  },
  async run(ctx, flags) {
    const rotated = await rotateClientSecret(ctx, { clientId: flags.id, overlapHours: stringFlag(flags["overlap-hours"]) });
    return {
      json: rotated,
      text: `New client_secret for ${rotated.clientId} (shown once): ${rotated.clientSecret}\nPrevious secrets are refused after ${rotated.previousValidHours} hours.`,
    };
  },
});
