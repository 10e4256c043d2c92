// `npm run sdk` regenerates the SDK's types (sdk/schema.d.ts) from the committed openapi.json (decisions §11, SDK):
// openapi-typescript, no edits. `npm run openapi` runs the same after writing openapi.json, and its `--check` (in
// `npm run lint`) fails when sdk/schema.d.ts is not what this builds, so the SDK cannot go stale behind the API.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

export const SDK_TYPES_FILE = "sdk/schema.d.ts";

const HEADER = `${COMMENT_HEADER.trimEnd()}\n// From openapi.json by \`npm run sdk\` (\`npm run openapi\` runs it too); \`npm run lint\` fails when it is stale.\n\n`;

/** The generated types for one OpenAPI document's text. */
export async function sdkTypesText(documentText: string): Promise<string> {
  const nodes = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(nodes);
}

export async function writeSdkTypes(documentText: string): Promise<void> {
  writeFileSync(SDK_TYPES_FILE, await sdkTypesText(documentText));
  console.log(`wrote ${SDK_TYPES_FILE}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await writeSdkTypes(readFileSync("openapi.json", "utf8"));
