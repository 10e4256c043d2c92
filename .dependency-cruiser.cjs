// The layers of CONTRIBUTING.md as rules (it says why dependency-cruiser and how to read a failure).
// `npm run deps` checks app/, lib/, components/; `npm test` and `npm run lint` run it first.
// Tests (*.test.ts, *.int.test.ts) may cross layers: they exercise the real parts together.
const TESTS = "\\.(int\\.)?test\\.tsx?$";
const CONTRACT = "^lib/contract/";
const SERVER = "^lib/server/";
// The tiers inside lib/server (docs/architecture.md, "Tiers inside lib/server"): core below the domain, the
// domain below the entry adapters that compose it.
const CORE = "^lib/server/core/";
const DOMAIN = "^lib/server/domain/";
const ENTRY = "^lib/server/entry/";
const PORTAL = "^lib/portal/";
const UI = "^components/";
const SDK = "^sdk/";
// The SDK's modules that need Node (the webhook verifier's node:crypto), and its entry that re-exports them.
const SDK_NODE = "^sdk/(index|webhooks|nonce-memory)\\.ts$";
// The npm packages the browser-safe contract may use: pure code, no I/O, no Node APIs.
const CONTRACT_PACKAGES = "^node_modules/(zod|papaparse|fast-xml-parser|ibantools|rrule)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "contract-imports-contract",
      comment:
        "lib/contract is browser-safe: it imports only lib/contract, zod and the listed pure packages. " +
        "Move what it needs into lib/contract, or move the importer into lib/server.",
      severity: "error",
      from: { path: CONTRACT, pathNot: TESTS },
      to: { pathNot: [CONTRACT, CONTRACT_PACKAGES] },
    },
    {
      name: "portal-not-server",
      comment:
        "The portal client and components run in the browser: never lib/server (SQL, secrets, node:*). " +
        "Call the API through lib/portal, or have a server component call a service and pass data down.",
      severity: "error",
      from: { path: [PORTAL, UI], pathNot: TESTS },
      to: { path: SERVER },
    },
    {
      name: "portal-no-node-builtins",
      comment: "Node builtins in a browser module make Next bundle a polyfill (crypto-browserify, buffer) into the page.",
      severity: "error",
      from: { path: [PORTAL, UI], pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "sdk-standalone",
      comment:
        "sdk/ is the package integrators copy (docs/quick-start.md): it imports only sdk/, openapi-fetch and Node builtins, " +
        "never the app's layers. What it needs from the API comes from the generated sdk/schema.d.ts.",
      severity: "error",
      from: { path: SDK, pathNot: [TESTS, "^sdk/examples/"] },
      to: { pathNot: [SDK, "^node_modules/openapi-fetch/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "portal-sdk-client-only",
      comment:
        "The portal runs in a browser: import the SDK's browser-safe modules (sdk/client, sdk/errors...), not sdk/index or the webhook verifier (node:crypto).",
      severity: "error",
      from: { path: [PORTAL, UI], pathNot: TESTS },
      to: { path: SDK_NODE },
    },
    {
      name: "server-not-portal",
      comment: "lib/server is below the portal: it never imports lib/portal, components or app.",
      severity: "error",
      from: { path: SERVER, pathNot: TESTS },
      to: { path: [PORTAL, UI, "^app/"] },
    },
    {
      name: "server-in-a-tier",
      comment:
        "Every lib/server module is in a tier: lib/server/core/, lib/server/domain/<area>/ or lib/server/entry/<adapter>/ " +
        "(docs/architecture.md, Tiers inside lib/server). Move the file into the tier its imports allow.",
      severity: "error",
      from: { path: SERVER, pathNot: [CORE, DOMAIN, ENTRY, TESTS] },
      to: {},
    },
    {
      name: "core-imports-no-feature",
      comment:
        "lib/server/core (config, db, crypto, audit writing, idempotency, lists, queue, observability, the unit of work) " +
        "imports only core and lib/contract. Move the piece the core needs down into core, or have the caller pass it in.",
      severity: "error",
      from: { path: CORE, pathNot: TESTS },
      to: { path: SERVER, pathNot: CORE },
    },
    {
      name: "domain-imports-no-entry",
      comment:
        "A domain area (lib/server/domain/<area>) imports core and other areas, never an entry adapter (http, portal, " +
        "console, cli, jobs, seed, runtime's getRuntime): take the value (runtime, actor, transaction) as a parameter, " +
        "or move the shared piece down into core.",
      severity: "error",
      from: { path: DOMAIN, pathNot: TESTS },
      to: { path: ENTRY },
    },
    {
      name: "app-not-core-machinery",
      comment:
        "Routes and pages call entry adapters and domain use cases; the core's machinery (database, queue, " +
        "Idempotency-Key store, sealing, audit writing, list paging) is reached through them, never from app/ " +
        "(CONTRIBUTING.md: no raw SQL or getRuntime().db.query in app).",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^lib/server/core/(db|jobs|idempotency|crypto|audit|lists)/" },
    },
    {
      name: "no-circular",
      comment:
        "No module reaches itself through its imports (lib/server's tiers and areas included): a circle has no " +
        "bottom to load or test first. Move what both sides need into a module both import " +
        "(as lib/server/domain/deposits/resolver.ts is for deposits and virtual accounts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that does not resolve is a typo or a missing package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  required: [
    {
      name: "server-marked-server-only",
      comment:
        'Every lib/server module starts with import "server-only", so a wrong import from a client component ' +
        "fails the Next build too, not only this check.",
      severity: "error",
      module: { path: SERVER, pathNot: [TESTS, "\\.d\\.ts$"] },
      to: { path: "^node_modules/server-only/" },
    },
  ],
  options: {
    doNotFollow: { path: "^node_modules/" },
    exclude: { path: "^(\\.next[^/]*|\\.data)/" },
    // Type-only imports count: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
