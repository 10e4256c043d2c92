import { buildOpenApiDocument } from "@/lib/contract/api/openapi";
import { OPERATIONS } from "@/lib/contract/api/registry";

/**
 * The server the committed `openapi.json` names: `npm start`'s address (README). The served
 * document names the caller's base URL instead (lib/server/entry/http/base-url.ts); all else is the same.
 */
export const COMMITTED_SERVER_URL = "http://localhost:3000";

/** The OpenAPI document of every registered operation: what `/v1/openapi.json` serves and `npm run openapi` commits. */
export function openApiDocument(serverUrl: string) {
  return buildOpenApiDocument(OPERATIONS, serverUrl);
}

/** The committed file's text: the document pretty-printed (2 spaces, key order as built) with a trailing newline. */
export function openApiFileText(document: unknown = openApiDocument(COMMITTED_SERVER_URL)): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
