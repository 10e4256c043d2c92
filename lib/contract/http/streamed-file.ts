import { z } from "zod";

/**
 * A response that is a file written while it is sent (a statement): the
 * handler returns one, and the pipeline streams it instead of serialising
 * JSON, so a large file is never whole in memory. Browser-safe (a Web
 * ReadableStream), so operations in lib/contract can name it.
 */
export class StreamedFile {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
    readonly fileName: string,
  ) {}
}

export const ZStreamedFile = z
  .custom<StreamedFile>((value) => value instanceof StreamedFile, "a streamed file")
  .meta({
    description: "A file, streamed",
  });
