import "server-only";

/**
 * The text a Response was made from, kept on it under a registry symbol so the production adapter
 * (scripts/api-adapter.mjs, the same key) writes it as it is (docs/api-adapter.md).
 */
const BODY_TEXT = Symbol.for("harbour.response-text");

/**
 * A Response of a text made in full (a JSON or CSV answer) whose body stream is made only when someone reads it.
 *
 * Why: on Node 20 every web ReadableStream is wrapped as a transferable native object, which the young-generation
 * collector cannot free, so each one (with the text it holds) is promoted to the old generation and lives until a
 * full collection: about 0.6 KB of the 5.7 KB a read used to promote, and the full collections that garbage
 * called for were the tail of the API's latency (docs/api-adapter.md, "The read's tail"). The production adapter writes BODY_TEXT and
 * never asks for the stream; Next, tests and everything else read the body as from any Response.
 */
export function textResponse(text: string, status: number, headers: Headers): Response {
  return new TextResponse(text, status, headers);
}

class TextResponse extends Response {
  readonly [BODY_TEXT]: string;
  #full: Response | null = null;

  constructor(text: string, status: number, headers: Headers) {
    super(null, { status, headers });
    this[BODY_TEXT] = text;
  }

  /** The same answer as an ordinary Response, made on first use; its headers are this one's as they are then. */
  full(): Response {
    return (this.#full ??= new Response(this[BODY_TEXT], { status: this.status, headers: this.headers }));
  }

  override clone(): Response {
    return this.#full?.bodyUsed ? this.#full.clone() : new TextResponse(this[BODY_TEXT], this.status, new Headers(this.headers));
  }
  usedFull(): boolean {
    return this.#full?.bodyUsed ?? false;
  }
}

// Reading the body, any way, reads the full answer. lib.dom declares body and bodyUsed as properties, so these are
// replaced on the prototype rather than overridden.
const READERS = ["text", "json", "arrayBuffer", "blob", "bytes", "formData"] as const;
Object.defineProperties(TextResponse.prototype, {
  body: {
    get(this: TextResponse) {
      return this.full().body;
    },
  },
  bodyUsed: {
    get(this: TextResponse) {
      return this.usedFull();
    },
  },
  ...Object.fromEntries(READERS.map((reader) => [reader, { value: readerOf(reader) }])),
});

function readerOf(reader: (typeof READERS)[number]) {
  return function (this: TextResponse) {
    return this.full()[reader]();
  };
}
