import "server-only";
import { defineCommand } from "@/lib/server/entry/cli/command";
import { listBankKeys } from "@/lib/server/domain/operations/keys";

export default defineCommand({
  name: "key list",
  summary: "List the bank's published RSA keys by kid (the signing one, and retired ones still verifying)",
  flags: {},
  async run(ctx) {
    const keys = await listBankKeys(ctx);
    return { json: { keys }, text: keys.map((k) => `${k.kid}  ${k.signs ? "signing" : "retired, still verifying"}`).join("\n") };
  },
});
