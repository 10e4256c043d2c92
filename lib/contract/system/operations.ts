import { z } from "zod";
import { ZOAuthError, ZTokenRequest, ZTokenResponse } from "@/lib/contract/auth/token-schema";
import { defineOperation } from "@/lib/contract/http/operation";

export const ZSystemTime = z
  .object({
    timestamp: z.string().meta({ description: "Bank local time (Atlantic/Bermuda), ISO 8601 with offset", example: "2026-11-23T14:40:19.123-04:00" }),
    timeZone: z.string().meta({ description: "Atlantic Standard Time or Atlantic Daylight Time", example: "Atlantic Standard Time" }),
  })
  .meta({ id: "SystemTime" });

export const systemTimeOperation = defineOperation({
  id: "getSystemTime",
  method: "GET",
  path: "/v1/system/time",
  tag: "System",
  summary: "The bank's current local time",
  description: "JSON only: `Accept: text/csv` is 406.",
  access: "authenticated",
  response: ZSystemTime,
  csv: false,
  errors: [],
});

export const ZJwks = z
  .object({
    keys: z.array(
      z.looseObject({
        kty: z.string(),
        kid: z.string(),
        alg: z.string().optional(),
        use: z.string().optional(),
        n: z.string().optional(),
        e: z.string().optional(),
      }),
    ),
  })
  .meta({ id: "JsonWebKeySet" });

export const jwksOperation = defineOperation({
  id: "getJwks",
  method: "GET",
  path: "/v1/.well-known/jwks.json",
  tag: "System",
  summary: "The bank's public keys (verify access tokens and RSA webhook signatures)",
  access: "public",
  response: ZJwks,
  csv: false,
  errors: [],
});

export const tokenOperation = defineOperation({
  id: "issueToken",
  method: "POST",
  path: "/v1/oauth/token",
  tag: "Authentication",
  summary: "Client credentials grant (RFC 6749 §4.4)",
  description:
    "Credentials as HTTP Basic or as client_id/client_secret fields; form-urlencoded or JSON body. Errors follow RFC 6749 §5.2: " +
    "invalid_client (401), invalid_scope, unsupported_grant_type, invalid_request (400; also for credentials sent both as Basic and as fields). " +
    "Repeated failed authentication per client id or per source address answers 429 RATE_LIMITED with Retry-After.",
  access: "public",
  body: ZTokenRequest,
  bodyEncoding: "form",
  response: ZTokenResponse,
  csv: false,
  errors: [],
  errorBody: ZOAuthError,
});
