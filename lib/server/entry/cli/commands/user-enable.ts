import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { setUserDisabled } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "user enable",
  summary: "Enable a disabled portal user again",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    email: { type: "string", value: "EMAIL", required: true, description: "the user's email" },
  },
  async run(ctx, flags) {
    return { json: await setUserDisabled(ctx, { clientId: flags.client, email: flags.email }, false) };
  },
});
