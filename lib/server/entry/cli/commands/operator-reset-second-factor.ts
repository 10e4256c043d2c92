import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { resetOperatorSecondFactor } from "@/lib/server/domain/operations/users";

export default defineCommand({
  name: "operator reset-second-factor",
  summary: "Remove an operator's authenticator (a lost phone) and end their sessions",
  flags: {
    email: { type: "string", value: "EMAIL", required: true, description: "the operator's work email" },
  },
  details: "At their next sign-in (password only) they set up a new authenticator before any operations page.",
  async run(ctx, flags) {
    const result = await resetOperatorSecondFactor(ctx, { email: flags.email });
    return { json: result, text: `Authenticator of ${result.email} removed; ${result.ended} session(s) ended. They set up a new one at their next sign-in.` };
  },
});
