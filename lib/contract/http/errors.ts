/**
 * The one error type services throw. Only the handler wrapper turns it into a
 * response, so the closed code list below is the whole vocabulary clients see.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  INVALID_PAGE_TOKEN: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  BANK_REFERENCE_NOT_FOUND: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  IP_NOT_ALLOWED: 403,
  STEP_UP_REQUIRED: 403,
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  NO_ACCOUNTS: 404,
  PAYMENT_NOT_FOUND: 404,
  VIRTUAL_ACCOUNT_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  SUBSCRIPTION_NOT_FOUND: 404,
  DRAFT_NOT_FOUND: 404,
  CLIENT_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  COUNTERPARTY_NOT_FOUND: 404,
  PAYMENT_TEMPLATE_NOT_FOUND: 404,
  STANDING_ORDER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  REQUEST_IN_PROGRESS: 409,
  INVALID_STATUS_TRANSITION: 409,
  ACH_LOCAL_DUPLICATE_INSTRUCTION_ID: 409,
  PAYMENT_DUPLICATE_INSTRUCTION_ID: 409,
  INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID: 409,
  ACCOUNT_NAMES_IMMUTABLE: 409,
  DRAFT_NOT_PENDING: 409,
  DRAFT_EXPIRED: 409,
  COUNTERPARTY_NOT_PENDING: 409,
  COUNTERPARTY_PENDING_APPROVAL: 409,
  AUDIT_CHAIN_BROKEN: 409,
  LEDGER_DISCREPANCY: 409,
  ALREADY_EXISTS: 409,
  ACCOUNT_NOT_EMPTY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  DEDUPE_LOCK_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorDetail = { field: string | null; code: string; message: string };

export const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * Next bundles a module once per route chunk, and the shared runtime (on
 * globalThis) may hand a route an error built from another chunk's copy of a
 * class. `instanceof` therefore checks a global brand, not the prototype.
 */
function brandedInstanceCheck(brand: symbol, base: object) {
  return function (this: object, value: unknown): boolean {
    if (this !== base) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  };
}

const API_ERROR = Symbol.for("harbour.ApiError");
const PROTOCOL_ERROR = Symbol.for("harbour.ProtocolError");

export class ApiError extends Error {
  readonly [API_ERROR] = true;
  static [Symbol.hasInstance] = brandedInstanceCheck(API_ERROR, ApiError);

  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | null;
  readonly details: ErrorDetail[] | null;
  /** Extra top-level body members, e.g. `retry_after` on a 429. */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      field?: string | null;
      details?: ErrorDetail[] | null;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code];
    this.field = options.field ?? null;
    this.details = options.details ?? null;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export type ErrorBody = {
  error: string;
  message: string;
  code: ErrorCode;
  field: string | null;
  details: ErrorDetail[] | null;
  correlationId: string;
} & Record<string, unknown>;

export function errorBody(err: ApiError, correlationId: string): ErrorBody {
  return {
    error: REASON_PHRASES[err.status] ?? "Error",
    message: err.message,
    code: err.code,
    field: err.field,
    details: err.details,
    correlationId,
    ...err.extra,
  };
}

/**
 * An error whose body another protocol dictates (RFC 6749 §5.2 on the token
 * endpoint). The wrapper sends its body as is.
 */
export class ProtocolError extends Error {
  readonly [PROTOCOL_ERROR] = true;
  static [Symbol.hasInstance] = brandedInstanceCheck(PROTOCOL_ERROR, ProtocolError);

  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error_description === "string" ? body.error_description : "protocol error");
  }
}
