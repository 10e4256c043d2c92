// Node's own refusals, before any request object exists (scripts/server.mjs hands them here): an oversized
// header (431; a 100 kB bearer token), a malformed request line or header (400), a request that took longer
// than requestTimeout (408). Node's default writes a status line alone; these carry the API's error body
// (decisions §3) whatever the path, since the path may not even have been read when the parser gave up.
import { STATUS_CODES } from "node:http";
import { randomUUID } from "node:crypto";
import { apiErrorBody } from "./api-error.mjs";

/** [status, code, message] for a parser or timeout error's code, as Node's default chooses the status. */
function refusalOf(error) {
  switch (error?.code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "HEADERS_TOO_LARGE", "The request's headers are larger than the 16 KiB this server reads (a bearer token is a few kB at most)."];
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return [413, "PAYLOAD_TOO_LARGE", "The request's chunk extensions are too large."];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "REQUEST_TIMEOUT", "The request was not received in time; send it again."];
    default:
      return [400, "VALIDATION_ERROR", "The request is not valid HTTP/1.1 (its request line or a header is malformed)."];
  }
}

/** One whole response written on the socket, which then closes. */
function answer(socket, status, code, message, headers = "") {
  const correlationId = randomUUID();
  const body = apiErrorBody(status, code, message, { correlationId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n" +
      `${headers}X-Correlation-Id: ${correlationId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The `clientError` listener: answers once, if nothing was written yet, then closes the connection. */
export function answerClientError(error, socket) {
  if (error?.code === "ECONNRESET" || !socket.writable || socket.bytesWritten > 0) return void socket.destroy();
  answer(socket, ...refusalOf(error));
}

/** The `connect` listener: this server is no proxy; CONNECT gets the API's 405 (Node would close the connection unanswered). */
export function answerConnect(_req, socket) {
  answer(socket, 405, "METHOD_NOT_ALLOWED", "This server is not a proxy: no path answers CONNECT.", "Allow: \r\n");
}
