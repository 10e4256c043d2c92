import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { attemptPost } from "@/lib/server/domain/delivery/http-attempt";

const loopback = { allowPrivateNetworks: true, requireHttps: false };
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterEach(async () => {
  // The sender's pool keeps the last socket open; close it so the server can stop.
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

function listen(onSocket: (socket: net.Socket) => void): Promise<string> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onSocket(socket);
  });
  servers.push(server);
  return new Promise((listening) => server.listen(0, "127.0.0.1", () => listening(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`)));
}

/**
 * A receiver that keeps each connection open after its first answer, then
 * drops it when a second request arrives on it: what a server whose
 * keep-alive timer fired just as the request left looks like to the sender.
 */
async function receiverDroppingReusedSockets(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const url = await listen((socket) => {
    connections += 1;
    let answered = false;
    socket.on("data", () => {
      if (answered) return void socket.destroy();
      answered = true;
      socket.write("HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n");
    });
  });
  return { url, connections: () => connections };
}

describe("attemptPost", () => {
  it("turns a header Node refuses into a failed attempt instead of a crash", async () => {
    const outcome = await attemptPost({ url: "http://127.0.0.1:9/x", headers: { "x-bad": "line\nbreak" }, body: "{}", policy: loopback });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringMatching(/^invalid request: /) });
  });

  it("sends again on a fresh socket when the receiver closed the pooled one, instead of failing the attempt", async () => {
    const receiver = await receiverDroppingReusedSockets();
    const post = () => attemptPost({ url: receiver.url, headers: {}, body: "{}", policy: loopback });
    expect(await post()).toMatchObject({ succeeded: true, statusCode: 204 });
    expect(await post()).toMatchObject({ succeeded: true, statusCode: 204, error: null });
    expect(receiver.connections()).toBe(2);
  });

  it("still fails an attempt whose first, fresh socket is reset", async () => {
    const url = await listen((socket) => socket.on("data", () => socket.destroy()));
    const outcome = await attemptPost({ url, headers: {}, body: "{}", policy: loopback });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringMatching(/^(ECONNRESET|EPIPE)|socket hang up/) });
  });
});
