import "server-only";
import type { RequestContext } from "@/lib/server/entry/http/endpoint";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Papa from "papaparse";
import { bodyTextStream, readBodyText } from "@/lib/server/entry/http/body";
import { ApiError, type ErrorDetail } from "@/lib/contract/http/errors";
import { PAIN_001_TYPE, type createPaymentBatchOperation } from "@/lib/contract/payment-runs/operations";
import { parsePain001 } from "@/lib/contract/payment-runs/pain001";
import { RunCsvItems, runCsvField } from "@/lib/contract/payment-runs/csv";
import { runCsvColumnOfPath } from "@/lib/contract/payment-runs/csv-columns";
import type { TJobAccepted } from "@/lib/contract/virtual-accounts/responses";
import { acceptPaymentRun, jsonRun, pain001Run, type FileRun } from "@/lib/server/domain/payment-runs/accept";
import { validatePain001Schema } from "@/lib/server/domain/payment-runs/xsd";
import { listAccountNumbers } from "@/lib/server/domain/accounts/repo";

type Ctx = RequestContext<typeof createPaymentBatchOperation>;

function invalidFile(details: ErrorDetail[]): ApiError {
  const first = details[0]!;
  const message = details.length === 1 ? `Invalid ${first.field ?? "file"}: ${first.message}` : `The file has ${details.length} problems.`;
  return new ApiError("VALIDATION_ERROR", message, { field: first.field, details });
}

/**
 * A CSV run, read as the body streams in (papaparse's step over the decoded
 * stream): each row is checked and made an item at once, so the 8 MiB text and
 * its 10,000 records are never held whole (docs/payment-runs.md, "Streaming").
 * The rows are the runs-portal's mapping (lib/contract/payment-runs/csv.ts),
 * problems named `line N: column`.
 */
async function fromCsv(ctx: Ctx, maxBytes: number): Promise<FileRun> {
  const reader = new RunCsvItems();
  const text = Readable.fromWeb(bodyTextStream(ctx.request, maxBytes) as NodeReadableStream<string>);
  await new Promise<void>((resolve, reject) => {
    text.on("error", reject);
    Papa.parse<string[]>(text, {
      delimiter: ",",
      step: (result) =>
        reader.records.add(
          result.data,
          result.errors.some((e) => e.type === "Quotes"),
        ),
      complete: () => resolve(),
      error: reject,
    });
  });
  const mapped = reader.result();
  if (!mapped.ok) throw invalidFile(mapped.details);
  return {
    format: "csv",
    items: mapped.items.map((item) => Object.assign({}, item, { endToEndId: item.request.instructionIdentification ?? null, paymentInfoId: null })),
    reference: null,
    messageId: null,
    locate: (index, field) => runCsvField(mapped.lines[index]!, field ? runCsvColumnOfPath(field.split(".")) : null),
  };
}

/** A pain.001.001.09 run: the message definition (XSD) first, then the mapping; problems named by EndToEndId. */
async function fromPain001(ctx: Ctx, text: string): Promise<FileRun> {
  const schemaProblems = await validatePain001Schema(text);
  if (schemaProblems.length > 0) throw invalidFile(schemaProblems.map((message) => ({ field: null, code: "SCHEMA", message })));
  const own = new Set(await listAccountNumbers(ctx.runtime.db, ctx.principal.clientId));
  const parsed = parsePain001(text, own);
  if (parsed.problems.length > 0) {
    throw invalidFile(
      parsed.problems.map((p) => ({
        field: p.endToEndId !== null ? `EndToEndId ${p.endToEndId}${p.field ? `: ${p.field}` : ""}` : p.field,
        code: "INVALID_TRANSACTION",
        message: p.message,
      })),
    );
  }
  return pain001Run(parsed.items, parsed.endToEndIds, parsed);
}

/** POST /v1/payment-batches: the file in its format, then the run's use case. */
export async function createPaymentBatch(ctx: Ctx): Promise<TJobAccepted> {
  let run: FileRun;
  if (ctx.upload) {
    run =
      ctx.upload.type === PAIN_001_TYPE
        ? await fromPain001(ctx, await readBodyText(ctx.request, ctx.upload.maxBytes))
        : await fromCsv(ctx, ctx.upload.maxBytes);
  } else {
    run = jsonRun(ctx.body!);
  }
  return ctx.inUnit((unit) =>
    acceptPaymentRun(unit, Object.assign({}, run, { permissions: ctx.principal.scopes, baseUrl: ctx.baseUrl, config: ctx.runtime.config })),
  );
}
