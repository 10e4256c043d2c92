import http from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP receiver on 127.0.0.1 for delivery tests: records raw bytes, answers as told. */
export type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer; at: number };

export type Receiver = {
  url: (path?: string) => string;
  received: Received[];
  connections: () => number;
  /** Statuses for the next requests to `path`, in order; the last one repeats. Other paths get 200. */
  respondOn: (path: string, ...statuses: number[]) => void;
  close: () => Promise<void>;
};

export async function startReceiver(options: { hangMs?: number; redirectTo?: string } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const statuses = new Map<string, number[]>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const queue = statuses.get(req.url ?? "") ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      const reply = () => {
        if (options.redirectTo) res.writeHead(302, { location: options.redirectTo }).end();
        else res.writeHead(status, { "content-type": "text/plain" }).end("ok");
      };
      if (options.hangMs) setTimeout(reply, options.hangMs).unref();
      else reply();
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    respondOn: (path, ...next) => void statuses.set(path, next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
