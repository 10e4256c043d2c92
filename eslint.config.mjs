// ESLint for the whole app (`npm run lint`, and `npm test` before the slow layers). Layer rules are not here but
// in .dependency-cruiser.cjs; formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const ONE_QUERY_AT_A_TIME = {
  selector: "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|any|race)$/]",
  message: "A domain function's db may be a transaction client: await its queries one after another, not with Promise.all.",
};
const NO_FIELDS_AFTER_SPREAD = {
  selector: "ObjectExpression > SpreadElement ~ Property",
  message: "On a request's path, no properties after a spread: Object.assign(fresh, { ... }) or the spread last (docs/api-adapter.md).",
};

export default defineConfig(
  globalIgnores([".next*/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "e2e/artifacts/**", "next-env.d.ts"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out of a spread, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      // Prefer `import type` so a type from another layer never pulls its module into a bundle.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      // A `let` that a closure reads before its one assignment (a timer cleared by an early exit) cannot be a const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // A promise nobody awaits loses its error (and, for a write, the order of writes): in server code, with type information.
    files: ["lib/server/**/*.ts", "app/**/*.ts", "instrumentation.ts", "scripts/**/*.ts", "tests/**/*.ts", "sdk/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    files: ["app/**/*.tsx", "components/**/*.tsx", "lib/portal/**/*.ts", "lib/portal/**/*.tsx"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Reports only that the React Compiler would skip a component; we do not build with the React Compiler.
      "react-hooks/preserve-manual-memoization": "off",
    },
  },
  {
    // A domain function's `db` may be a transaction's one client: queries on it go one at a time. Promise.all over
    // them made pg warn "client.query() when the client is already executing a query" (issue 24) and pg 9 refuses it.
    // Where a fan-out is on the pool alone, say so beside an eslint-disable; app/v1/approvals/approvals.int.test.ts
    // fails on pg's warning itself.
    files: ["lib/server/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ONE_QUERY_AT_A_TIME] },
  },
  {
    // Every request and every read's items pass through these. On Node 20 an object literal with properties after
    // a spread keeps its property store in the old generation: garbage only a full collection frees, and those
    // collections were the API's latency tail (docs/api-adapter.md, "The read's tail").
    files: ["lib/server/entry/http/**/*.ts", "lib/server/domain/*/serialize.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ONE_QUERY_AT_A_TIME, NO_FIELDS_AFTER_SPREAD] },
  },
  {
    // The portal reads a response body only through lib/portal/shared/read-json.ts, which parses it with the contract's
    // zod schema (docs/portal.md): no `.json()` elsewhere, so no cast of a body, and no type argument that would say
    // what a reader returns instead of the schema it is given. It calls /v1 only through the SDK's typed client
    // (apiJson and its kin in api-client.ts): a raw fetch to an API path would skip the compiler's check of the path,
    // parameters and body against openapi.json, the step-up retry, the 401 handling and the quota meter.
    files: ["lib/portal/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.tsx"],
    ignores: ["**/*.test.{ts,tsx}", "lib/portal/shared/read-json.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='json']",
          message: "Read a response with apiJson(operation, …), portalJson(path, schema) or readJson(response, schema): never response.json() (and a cast).",
        },
        {
          selector:
            "CallExpression[callee.name=/^(apiJson|apiJsonResponse|apiJsonAs|apiFile|portalJson|readJson|postConsole|fetchJobResults)$/][typeArguments]",
          message: "The schema passed says what a reader returns: no type argument.",
        },
        {
          selector:
            ":matches(CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch'], NewExpression[callee.name='Request']) > :matches(Literal[value=/^\\/v\\d/], TemplateLiteral:has(TemplateElement:first-child[value.raw=/^\\/v\\d/]), MemberExpression[property.name='path']):first-child",
          message: "Call /v1 through the SDK's client: apiJson(operation, { params, body }) or apiFile (lib/portal/shared/api-client.ts), never a raw fetch.",
        },
        {
          // axe's aria-prohibited-attr (serious): a loading placeholder named this way failed the dashboard's check
          // whenever it was still on the page.
          selector: "JSXOpeningElement[name.name=/^(div|span)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'A div or span may not carry aria-label: give it a role that takes a name (role="status" for a loading placeholder) or use a landmark.',
        },
      ],
    },
  },
  {
    // Input schemas match control characters on purpose: to refuse them (names, headers, remittance lines).
    files: ["lib/contract/**/*.ts"],
    rules: { "no-control-regex": "off" },
  },
  {
    // The callbacks this script hands to page.evaluate / waitForFunction run in Chromium.
    files: ["scripts/bench-portal.mjs"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.tsx"],
    ...nextPlugin.configs["core-web-vitals"],
  },
  {
    // Files stay under 300 lines (CONTRIBUTING.md, Naming): split one by job before then. Tests are exempt.
    files: ["app/**/*.{ts,tsx,js,mjs}", "lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs,js,cjs}", "instrumentation*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "e2e/**", "tests/**"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  prettier,
);
