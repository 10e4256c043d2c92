import "server-only";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { checkAddress, checkUrlShape, DestinationRefused, type DestinationPolicy } from "@/lib/server/domain/delivery/destination-policy";
import { guardedLookup } from "@/lib/server/domain/delivery/guarded-lookup";

/** Success is a 2xx within this time (decisions §7), measured from the start of the attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export type AttemptRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: DestinationPolicy;
  timeoutMs?: number;
};

export type AttemptOutcome = {
  succeeded: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** No answer within the timeout: what judges a receiver hanging (lib/server/domain/delivery/origin-gate.ts). */
  timedOut: boolean;
};

/**
 * An idle keep-alive socket is dropped after this long, and sooner when the
 * receiver announces a shorter Keep-Alive timeout (Node only honours the hint
 * when the agent has a timeout of its own). Below Node's 5 s server default.
 */
const IDLE_SOCKET_MS = 4_000;

/**
 * Keep-alive agents, one pair per policy, so a socket opened under a
 * permissive policy is never reused under a strict one.
 */
const agents = new Map<string, { http: http.Agent; https: https.Agent }>();

function agentsFor(policy: DestinationPolicy) {
  const key = `${policy.allowPrivateNetworks}:${policy.requireHttps}`;
  let pair = agents.get(key);
  if (!pair) {
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, maxSockets: 64, lookup: guardedLookup(policy) };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(key, pair);
  }
  return pair;
}

/**
 * One HTTP POST with node:http (not fetch) so that name resolution, the
 * address connected to and redirects are all under our control. A 3xx is a
 * failed attempt: following it could lead to an internal address.
 */
export function attemptPost(request: AttemptRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    let current: http.ClientRequest | undefined;
    const finish = (statusCode: number | null, error: string | null, timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      const succeeded = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({ succeeded, statusCode, latencyMs: elapsed(), error: error ?? (succeeded ? null : `HTTP ${statusCode}`), timedOut });
    };
    let url: URL;
    try {
      // Literal IP hosts skip DNS (and so the guarded lookup): check them here.
      url = checkUrlShape(request.url, request.policy);
    } catch (error) {
      return finish(null, `refused: ${(error as Error).message}`);
    }
    deadline = setTimeout(() => {
      finish(null, `timeout after ${timeoutMs} ms`, true);
      current?.destroy();
    }, timeoutMs);
    const send = () => {
      current = sendOnce(url, request, {
        settled: () => settled,
        finish,
        // A pooled socket the receiver closed while it sat idle fails before
        // any answer: nothing was delivered, so sending again (each time on
        // another socket, the stale one is gone) is the same attempt.
        staleSocket: send,
      });
    };
    send();
  });
}

type AttemptEvents = {
  settled: () => boolean;
  finish: (statusCode: number | null, error: string | null) => void;
  staleSocket: () => void;
};

function sendOnce(url: URL, request: AttemptRequest, events: AttemptEvents): http.ClientRequest | undefined {
  const pair = agentsFor(request.policy);
  const secure = url.protocol === "https:";
  let req: http.ClientRequest;
  try {
    req = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? pair.https : pair.http,
      headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
    });
  } catch (error) {
    // Node refuses some header values synchronously (ERR_INVALID_CHAR): a failed attempt, not a crash.
    events.finish(null, `invalid request: ${(error as Error).message}`);
    return undefined;
  }
  req.on("socket", (socket: Socket) => {
    // Belt and braces: the peer actually connected to must be allowed too.
    const checkPeer = () => {
      try {
        checkAddress(socket.remoteAddress ?? "", request.policy);
      } catch (error) {
        events.finish(null, `refused: ${(error as Error).message}`);
        req.destroy();
      }
    };
    // A reused keep-alive socket is already connected (and was checked when it connected).
    if (socket.connecting) socket.once("connect", checkPeer);
    else checkPeer();
  });
  req.on("response", (res) => {
    events.finish(res.statusCode ?? null, null);
    // Drain so the keep-alive socket can be reused; the body itself is not needed.
    res.resume();
  });
  req.on("error", (error: NodeJS.ErrnoException) => {
    if (req.reusedSocket && !events.settled() && (error.code === "ECONNRESET" || error.code === "EPIPE")) return events.staleSocket();
    const refused = error.code === "EREFUSEDDEST" || error instanceof DestinationRefused;
    events.finish(null, refused ? `refused: ${error.message}` : `${error.code ?? "error"}: ${error.message}`);
  });
  req.end(request.body);
  return req;
}
