import "server-only";
import { ROLES } from "@/lib/contract/auth/roles";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { changeUserRole } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "user role",
  summary: "Change a portal user's role (takes effect on their next page)",
  flags: {
    client: { type: "string", value: "ID", required: true, description: "the client id" },
    email: { type: "string", value: "EMAIL", required: true, description: "the user's email" },
    role: { type: "string", value: ROLES.join("|"), required: true, description: "the new role" },
  },
  async run(ctx, flags) {
    return { json: await changeUserRole(ctx, { clientId: flags.client, email: flags.email, role: flags.role }) };
  },
});
