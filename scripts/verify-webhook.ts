/**
 * Verifies one received Harbour webhook or callback from the command line:
 *
 *   npm run verify-webhook -- --mode hmac --secret whsec_... --path '/hooks/harbour?x=1' \
 *     --headers-file headers.txt --body-file body.json
 *   npm run verify-webhook -- --mode rsa --jwks https://api.example/v1/.well-known/jwks.json \
 *     -H 'Svc-Timestamp: 1795460285' -H 'Svc-Nonce: ...' -H 'Svc-Signature: ...' -H 'Svc-Signature-Version: rsa-v1' \
 *     --path /hooks/harbour --body-file body.json
 *
 * The body is read as raw bytes (from --body-file, or stdin when omitted).
 * --secret may repeat (current and previous secret during a rotation).
 * --jwks takes a URL or a file. --now <unix seconds> checks a captured
 * message as of its arrival. Exit status 0 = valid, 1 = invalid, 2 = usage.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { JsonWebKey } from "node:crypto";
import { createWebhookVerifier, type VerificationKeys } from "@/sdk/webhooks";

function usage(message: string): never {
  console.error(`verify-webhook: ${message}\nSee the comment at the top of scripts/verify-webhook.ts or docs/webhooks.md.`);
  process.exit(2);
}

/** `Name: value` lines (as copied from a request dump) or a JSON object. */
function parseHeaders(lines: string[], file: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const text = file ? readFileSync(file, "utf8") : "";
  if (text.trim().startsWith("{")) Object.assign(headers, JSON.parse(text) as Record<string, string>);
  else lines.push(...text.split(/\r?\n/));
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

async function loadJwks(source: string): Promise<JsonWebKey[]> {
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, "utf8");
  const parsed = JSON.parse(text) as { keys?: JsonWebKey[] };
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) usage("the JWKS has no keys");
  return parsed.keys;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mode: { type: "string" },
      secret: { type: "string", multiple: true },
      jwks: { type: "string" },
      path: { type: "string" },
      method: { type: "string", default: "POST" },
      header: { type: "string", short: "H", multiple: true },
      "headers-file": { type: "string" },
      "body-file": { type: "string" },
      now: { type: "string" },
    },
  });
  if (!values.path) usage("--path is required (path and query as in the request line)");
  let keys: VerificationKeys;
  if (values.mode === "hmac") {
    if (!values.secret?.length) usage("--secret is required for --mode hmac");
    keys = { mode: "hmac", secrets: values.secret };
  } else if (values.mode === "rsa") {
    if (!values.jwks) usage("--jwks (URL or file) is required for --mode rsa");
    keys = { mode: "rsa", publicKeys: await loadJwks(values.jwks) };
  } else {
    usage("--mode must be hmac or rsa");
  }
  const body = values["body-file"] ? readFileSync(values["body-file"]) : readFileSync(0);
  const headers = parseHeaders([...(values.header ?? [])], values["headers-file"]);
  const nowMs = values.now ? Number(values.now) * 1000 : Date.now();
  const result = createWebhookVerifier(keys, { now: () => nowMs })({ method: values.method, path: values.path, headers, body });
  console.log(JSON.stringify(result));
  process.exit(result.ok ? 0 : 1);
}

main().catch((error: unknown) => usage(error instanceof Error ? error.message : String(error)));
