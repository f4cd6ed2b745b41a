// The sector style's failure envelope (seed 001: { message, errors, success, data }); its
// success schema is sectorResponse in shared/api/envelope.ts.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sectorError } from '../envelope';
import { describeError } from '../describe-error';

/**
 * One problem of a failed request, in Spanish; `field` names the body or query member;
 * `siatCode` is SIAT's code when the problem is SIAT's answer (its text then is SIAT's, verbatim).
 */
export interface EnvelopeProblem {
  field?: string;
  siatCode?: number;
  message: string;
}

/**
 * The failure envelope: `message` is the machine code of the failure (the style's outcome labels
 * are codes: COMPLETED …; here BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, CONFLICT, VALIDATION_FAILED,
 * RATE_LIMITED, INTERNAL), `errors` lists what is wrong. Status codes are the core seed's.
 */
export function envelopeErrorHandler(err: FastifyError & { validationContext?: string }, req: FastifyRequest, reply: FastifyReply) {
  const { status, info } = describeError(err, req);
  const errors: EnvelopeProblem[] = info.fields?.length ? info.fields.map((f) => ({ field: f.field, message: f.message })) : [{ message: info.detail }];
  // SIAT's refusals travel unchanged (STYLE.md 5): each of its messages with its code.
  if (info.siatMessages?.length) errors.push(...info.siatMessages.map((m) => ({ siatCode: m.codigo, message: m.descripcion })));
  else if (info.siatCode !== undefined && info.siatCode !== null) errors[0] = { ...errors[0]!, siatCode: info.siatCode };
  return reply.status(status).send(sectorError(info.code, errors));
}
