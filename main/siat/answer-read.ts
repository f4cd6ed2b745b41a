// Reading one SIAT answer's SOAP envelope into the operation's typed response (operations.ts).
// Pure, and plain data in and out, so that it runs the same inline (the small answers of a sale)
// and on a worker thread (engine/siat-answer-worker.ts: catalogs and consultaCompras, up to 16 MiB, whose
// parsing took seconds of the engine's thread; issue 25).
import { SIAT_SERVICES, type OperationSpec, type ServiceKey } from './operations';
import { coerceFields, parseEnvelope, SoapFormatError, wrapperChild } from './soap';

export interface AnswerJob {
  service: ServiceKey;
  operation: string;
  body: string;
}

/** The response, or why the body is not one (the client throws either as SiatMalformedError). */
export type AnswerRead = { response: Record<string, unknown> } | { malformed: string } | { fault: { faultcode: string; faultstring: string } };

/** Answers above this many characters are read off the engine's thread when a reader is given. */
export const LARGE_ANSWER_CHARS = 64 * 1024;

export function readAnswer(job: AnswerJob): AnswerRead {
  const spec = (SIAT_SERVICES[job.service].operations as Record<string, OperationSpec>)[job.operation];
  if (!spec) throw new TypeError(`unknown SIAT operation ${job.service}.${job.operation}`);
  try {
    const parsed = parseEnvelope(job.body);
    if (parsed.kind === 'fault') return { fault: { faultcode: parsed.faultcode, faultstring: parsed.faultstring } };
    if (parsed.wrapperName !== `${job.operation}Response`) return { malformed: `expected ${job.operation}Response, got ${parsed.wrapperName}` };
    const child = wrapperChild(parsed.wrapper, spec.response);
    if (child === undefined) return { malformed: `no ${spec.response} in the answer` };
    return { response: coerceFields(spec.responseFields, child) };
  } catch (err) {
    if (err instanceof SoapFormatError) return { malformed: err.message };
    throw err;
  }
}
