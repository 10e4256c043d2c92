// The HAProxy configuration of `npm run cluster` (docs/cluster.md, Several servers).
import { apiErrorBody } from "./api-error.mjs";

/**
 * The balancer's own answers carry the API's error body (decisions §3), as every server answer does: its deny, a
 * server that fails or times out, or no server to take the request. `%[uuid]` makes each answer's correlationId.
 * HAProxy 2.6 answers a request line or header it cannot parse (400) or a request that never arrives whole (408) from
 * its HTTP parser, before any rule runs, with its own HTML; those two entries serve the 400s and 408s of rules only.
 */
const BALANCER_ERRORS = [
  [400, "VALIDATION_ERROR", "The request could not be read; check its request line and headers."],
  [404, "NOT_FOUND", "Nothing is served at this path."],
  [408, "REQUEST_TIMEOUT", "The request was not received in time; send it again."],
  [500, "INTERNAL_ERROR", "An unexpected error occurred at the load balancer. Try again."],
  [502, "BAD_GATEWAY", "The server answered with something the load balancer could not read. Try again."],
  [503, "SERVICE_UNAVAILABLE", "No server can take the request right now. Try again in a few seconds."],
  [504, "GATEWAY_TIMEOUT", "The server did not answer in time. The request may have been carried out: retry it with the same Idempotency-Key."],
];

const balancerErrors = () =>
  BALANCER_ERRORS.map(
    ([status, code, message]) =>
      `  http-error status ${status} content-type "application/json; charset=utf-8" lf-string '${apiErrorBody(status, code, message, { correlationId: "%[uuid]" })}' hdr cache-control no-store`,
  ).join("\n");

/**
 * @param {{ host: string, port: number, servers: { name: string, port: number }[], trustProxy: boolean, timeoutServerS: number }} options
 */
export function haproxyConfig({ host, port, servers, trustProxy, timeoutServerS }) {
  return `# Written by scripts/cluster.mjs at each start; edits are lost.
global
  maxconn 4096
  # normalize-uri (below) is marked experimental in HAProxy 2.6; it is the balancer's own URI normaliser.
  expose-experimental-directives

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server ${timeoutServerS}s
  timeout http-keep-alive 60s
  # A server that refuses the connection (stopping, restarting) costs a retry on another, never an error.
  retries 3
  option redispatch 1
${balancerErrors()}

frontend harbour
  bind ${host}:${port}
  # The servers trust X-Forwarded-For (TRUST_PROXY=1): only this balancer reaches them, so the
  # header must say what this balancer saw. A client's own header is kept only behind a trusted proxy.
${trustProxy ? "" : "  http-request del-header x-forwarded-for\n"}  option forwardfor
  # Deny on the path a server will route, not the one the client spelled: /./metrics, /x/../metrics,
  # //metrics and /%6detrics all reach /metrics otherwise (normalised as the servers' router resolves them).
  # Not "strict": a malformed escape (%E0%A4%A) goes on to the servers, which answer it with the API's error body
  # rather than the balancer's HTML 400.
  http-request normalize-uri percent-decode-unreserved
  http-request normalize-uri path-merge-slashes
  http-request normalize-uri path-strip-dot
  http-request normalize-uri path-strip-dotdot full
  # Metrics are per instance: scrape each server's private port, never through the balancer.
  http-request deny deny_status 404 if { path -i /metrics } || { path_beg -i /metrics/ }
  default_backend servers

backend servers
  balance leastconn
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  # A stopping server answers /readyz 503 at once and refuses new connections (each retried on the
  # other server); after its first failed check the next come every 250 ms, so it is out within a
  # second. Three failures, not one, and a generous check timeout: a busy server whose check
  # waits for a pool connection is slow, not gone, and taking it out would overload the other.
  timeout check 5s
  default-server inter 1s fastinter 250ms downinter 1s rise 2 fall 3
  # Besides a refused connection, a request sent on a connection the server closed unanswered
  # is retried -- when that is safe: reads, and writes that carry an Idempotency-Key.
  retry-on conn-failure empty-response
  acl keyed req.hdr(idempotency-key) -m found
  http-request disable-l7-retry if !METH_GET !keyed
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join("\n")}
`;
}
