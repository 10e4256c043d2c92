// `npm run openapi` writes the OpenAPI document the code builds to openapi.json at the repository root (decisions §11:
// the SDK is generated from that file). `--check` (in `npm run lint` and `npm test`'s static checks) writes nothing and
// fails when the committed file differs from what the code builds, so an API change is seen in review. Both also cover
// the SDK's generated types (scripts/sdk.ts): writing the document regenerates them, the check fails when they are stale.
import { readFileSync, writeFileSync } from "node:fs";
import { openApiFileText } from "@/lib/contract/api/openapi-file";
import { SDK_TYPES_FILE, sdkTypesText, writeSdkTypes } from "./sdk";

const FILE = "openapi.json";
const built = openApiFileText();

if (!process.argv.includes("--check")) {
  writeFileSync(FILE, built);
  console.log(`wrote ${FILE}`);
  await writeSdkTypes(built);
  process.exit(0);
}

let committed = "";
try {
  committed = readFileSync(FILE, "utf8");
} catch {
  // missing: reported below like any other difference
}
if (committed === built) {
  let sdk = "";
  try {
    sdk = readFileSync(SDK_TYPES_FILE, "utf8");
  } catch {
    // missing: reported below as stale
  }
  if (sdk === (await sdkTypesText(built))) process.exit(0);
  console.error(`${SDK_TYPES_FILE} is not what openapi-typescript generates from openapi.json.\nRun \`npm run openapi\` (or \`npm run sdk\`) and commit it.`);
  process.exit(1);
}

const have = committed.split("\n");
const want = built.split("\n");
const line = want.findIndex((text, i) => text !== have[i]);
console.error(
  `${FILE} is not the OpenAPI document the code builds (lib/contract/api/registry.ts and its schemas)` +
    (committed === ""
      ? `: the file is missing.`
      : `: first difference at line ${line + 1}:\n  committed: ${have[line] ?? "(end of file)"}\n  built:     ${want[line] ?? "(end of file)"}`) +
    `\nRun \`npm run openapi\` and commit ${FILE} with the change that caused it.`,
);
process.exit(1);
