import "server-only";
import { readFile } from "node:fs/promises";
import { ApiError } from "@/lib/contract/http/errors";
import { getConfig } from "@/lib/server/core/config";
import { defineCommand, stringFlag } from "@/lib/server/entry/cli/command";
import { rotateBankKey } from "@/lib/server/domain/operations/keys";

export default defineCommand({
  name: "key rotate",
  summary: "Replace the bank's token and webhook RSA key (generated, or from a PEM file); the old key keeps verifying until its tokens expire",
  details: [
    "Every server signs with the new key within 30 seconds; both keys are in /v1/.well-known/jwks.json",
    "by kid until the old key's tokens have expired (TOKEN_TTL_S, plus a minute) or --overlap-hours.",
  ].join("\n"),
  flags: {
    "pem-file": {
      type: "string",
      value: "PATH",
      description: "an RSA private key (PKCS#8 or PKCS#1 PEM, at least 2048 bits) to use instead of a generated one",
    },
    "overlap-hours": { type: "string", value: "HOURS", description: "keep the old key published at least this long (default: the tokens' lifetime)" },
  },
  async run(ctx, flags) {
    const file = stringFlag(flags["pem-file"]);
    let pem: string | undefined;
    if (file !== undefined) {
      try {
        pem = await readFile(file, "utf8");
      } catch (error) {
        throw new ApiError("VALIDATION_ERROR", `pem-file: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, {
          field: "pem-file",
        });
      }
    }
    const rotated = await rotateBankKey(ctx, { pem, overlapHours: stringFlag(flags["overlap-hours"]) }, getConfig().tokenTtlSeconds);
    return { json: rotated, text: `Signing key ${rotated.kid}; retired ${rotated.retired.join(", ") || "none"} (published until ${rotated.verifyUntil}).` };
  },
});
