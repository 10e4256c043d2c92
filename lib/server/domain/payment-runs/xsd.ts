import "server-only";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { PAIN_001_XSD } from "@/lib/server/domain/payment-runs/pain001-xsd";

/** Problems reported per document, at most: a file broken everywhere names its first ones, not thousands. */
const MAX_PROBLEMS = 50;

let validator: XsdValidator | null = null;
function pain001Validator(): XsdValidator {
  // Parsed once per process; libxml2 keeps it in its own (wasm) memory.
  validator ??= XsdValidator.fromDoc(XmlDocument.fromString(PAIN_001_XSD));
  return validator;
}

type LibxmlDetail = { message: string; line?: number };

/**
 * Checks a pain.001 document against the message definition (pain001-xsd.ts) with libxml2:
 * well-formedness, element order and cardinality, data types. Answers each problem as
 * `line N: ...`; empty when the document is valid. No external entity or DTD is loaded.
 */
export function validatePain001Schema(xml: string): string[] {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    return describe(error, "The document is not well-formed XML");
  }
  try {
    pain001Validator().validate(document);
    return [];
  } catch (error) {
    return describe(error, "The document does not follow pain.001.001.09");
  } finally {
    document.dispose();
  }
}

function describe(error: unknown, fallback: string): string[] {
  const details = (error as { details?: LibxmlDetail[] }).details ?? [];
  if (details.length === 0) return [`${fallback}.`];
  return details.slice(0, MAX_PROBLEMS).map((d) => `${d.line ? `line ${d.line}: ` : ""}${d.message.trim()}`);
}
