// A massive batch's request read off the engine's thread (issue 25): the JSON parse of up to
// 32 MiB, the body's schema, each item's schema and its checks against the catalogs
// (batch-intake.ts) took about a second for 10,000 items, all that time on the thread that answers
// the tills. The batch-intake worker runs this (batch-body-worker.ts); the engine's thread only stores
// the verdicts, in short transactions (MassiveEmission.receive).
//
// The answers are the ones the route gave when Fastify parsed and validated the body: the same
// parser (Fastify's, behind the same nesting cap), the same schemas and Ajv options, the same
// Spanish words; a failure crosses the thread as data and the route throws it again.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { bodyPartValidator } from './validation';
import { nestsDeeperThan } from './json-body';
import { MAX_JSON_DEPTH } from '../../shared/api/limits';
import { batchItemSchema, CreateBatchBody } from '../../shared/api/batch';
import type { FieldProblem } from '../../shared/api-envelope';
import type { SaleRequest } from '../invoicing/sale-input';
import { checkBatchItems, type BatchItemInput, type IntakeCatalogs, type IntakeTenant, type IntakeVerdicts } from '../invoicing/massive/batch-intake';

export interface IntakeJob {
  /** The request's body as received (moved to the worker, not copied). */
  body: Uint8Array;
  tenant: IntakeTenant;
  catalogs: IntakeCatalogs;
  /** Whether the request carries an Idempotency-Key (then the body's hash is needed). */
  hashRequest: boolean;
}

export type IntakeAnswer =
  | { error: { status: 400 | 422; code: string; detail: string; fields?: FieldProblem[] } }
  | { posId: string; requestHash: string | null; items: IntakeVerdicts };

const validateBody = bodyPartValidator(CreateBatchBody);
const validateItem = bodyPartValidator(batchItemSchema());

type JsonParser = (req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => void;
let jsonParser: JsonParser | null = null;
/** Fastify's own JSON parser (secure-json-parse: `__proto__` and constructor poisoning refused), as the API's. */
function parseJson(text: string): { value: unknown } | { failed: string } {
  jsonParser ??= Fastify().getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  let out: { value: unknown } | { failed: string } = { failed: 'El cuerpo no es JSON válido' };
  jsonParser(null, text, (err, value) => {
    if (!err) out = { value };
    else out = { failed: (err as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'El cuerpo JSON está vacío' : 'El cuerpo no es JSON válido' };
  });
  return out;
}

/** Schema check of one item; its problems are named from the batch's body (items[3].details[0].quantity). */
function readItem(index: number, item: Record<string, unknown>, posId: string): BatchItemInput {
  const at = `items[${index}]`;
  if ('posId' in item) {
    return { index, problems: [{ field: `${at}.posId`, rule: 'additionalProperties', message: 'no es un campo admitido: el punto de venta es el del lote (posId)' }] };
  }
  const bad = validateItem(item);
  if (bad) return { index, problems: bad.fields.map((f) => ({ ...f, field: `${at}.${f.field}` })) };
  return { index, request: { ...item, posId } as unknown as SaleRequest };
}

export function readBatchRequest(job: IntakeJob): IntakeAnswer {
  const text = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8');
  const bad = (detail: string): IntakeAnswer => ({ error: { status: 400, code: 'BAD_REQUEST', detail } });
  // json-body.ts's order: the nesting cap, then Fastify's parser.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return bad(`El cuerpo JSON anida más de ${MAX_JSON_DEPTH} niveles de objetos o listas`);
  const parsed = parseJson(text);
  if ('failed' in parsed) return bad(parsed.failed);
  const invalid = validateBody(parsed.value);
  if (invalid) return { error: { status: invalid.status, code: invalid.status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED', detail: invalid.detail, fields: invalid.fields } };
  const body = parsed.value as { posId: string; items: Record<string, unknown>[] };
  const inputs = body.items.map((item, i) => readItem(i, item, body.posId));
  // After the items' checks, which fill in their schemas' defaults: the hash the route computed
  // from the body as validated (an Idempotency-Key's replay compares it with the stored one).
  const requestHash = job.hashRequest ? createHash('sha256').update(JSON.stringify(body)).digest('hex') : null;
  const items: IntakeVerdicts = { invoiceType: [], saleJson: [], invoiceId: [], problemsJson: [] };
  for (const v of checkBatchItems(job.catalogs, job.tenant, inputs)) {
    const accepted = 'sale' in v;
    items.invoiceType.push(accepted ? v.invoiceType : null);
    items.saleJson.push(accepted ? JSON.stringify(v.sale) : null);
    items.invoiceId.push(accepted ? v.invoiceId : null);
    items.problemsJson.push(accepted ? null : JSON.stringify(v.problems));
  }
  return { posId: body.posId, requestHash, items };
}
