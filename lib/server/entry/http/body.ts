import "server-only";
import { ApiError } from "@/lib/contract/http/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads at most `limit` bytes, refusing early on a declared Content-Length so
 * an oversized upload is never buffered.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The body as text while it arrives, for a reader that keeps only what it
 * makes of it (a streamed CSV): refused on a declared Content-Length first,
 * then as soon as the bytes pass `limit`. UTF-8; a byte order mark is dropped.
 */
export function bodyTextStream(request: Request, limit: number): ReadableStream<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  let total = 0;
  const counted = new TransformStream<Uint8Array<ArrayBuffer>, BufferSource>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limit) controller.error(tooLarge(limit));
      else controller.enqueue(chunk);
    },
  });
  return (request.body ?? new Blob([]).stream()).pipeThrough(counted).pipeThrough(new TextDecoderStream());
}

function tooLarge(limit: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `Request bodies are limited to ${limit} bytes.`);
}
