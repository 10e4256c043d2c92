import { describe, expect, it } from "vitest";
import { textResponse } from "./text-response";

const BODY_TEXT = Symbol.for("harbour.response-text");
const make = () => textResponse('{"a":1}', 201, new Headers({ "content-type": "application/json; charset=utf-8", "x-correlation-id": "c-1" }));

describe("a text answer reads like any Response, and makes no body stream until one is asked for", () => {
  it("keeps its text for the production adapter, with no stream made", () => {
    const response = make();
    expect((response as unknown as Record<symbol, string>)[BODY_TEXT]).toBe('{"a":1}');
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-correlation-id")).toBe("c-1");
    expect(response.bodyUsed).toBe(false);
  });

  it("gives its text through json(), text(), bytes() and a body stream, and is used once read", async () => {
    expect(await make().json()).toEqual({ a: 1 });
    expect(await make().text()).toBe('{"a":1}');
    expect(new TextDecoder().decode(await make().bytes())).toBe('{"a":1}');
    const streamed = make();
    expect(await new Response(streamed.body).text()).toBe('{"a":1}');
    expect(streamed.bodyUsed).toBe(true);
    const read = make();
    await read.text();
    await expect(read.text()).rejects.toThrow(TypeError);
  });

  it("clones with its headers as they are at the time, and refuses to clone once read", async () => {
    const response = make();
    response.headers.set("idempotent-replayed", "true");
    const copy = response.clone();
    expect(copy.headers.get("idempotent-replayed")).toBe("true");
    expect(await copy.json()).toEqual({ a: 1 });
    expect(await response.json()).toEqual({ a: 1 });
    expect(() => response.clone()).toThrow(TypeError);
  });
});
