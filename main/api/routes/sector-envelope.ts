// The sector style's failure envelope (seed 001: { message, errors, success, data }); its
// success schema is sectorResponse in shared/api/envelope.ts.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sectorError } from '../envelope';
import { describeError } from '../describe-error';

/** One problem of a failed request, in Spanish; `field` names the body or query member. */
export interface SectorProblem {
  field?: string;
  message: string;
}

/**
 * The failure envelope: `message` is the machine code of the failure (the style's outcome labels
 * are codes: COMPLETED …; here BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, CONFLICT, VALIDATION_FAILED,
 * RATE_LIMITED, INTERNAL), `errors` lists what is wrong. Status codes are the core seed's.
 */
export function sectorErrorHandler(err: FastifyError & { validationContext?: string }, req: FastifyRequest, reply: FastifyReply) {
  const { status, info } = describeError(err, req);
  const errors: SectorProblem[] = info.fields?.length ? info.fields.map((f) => ({ field: f.field, message: f.message })) : [{ message: info.detail }];
  return reply.status(status).send(sectorError(info.code, errors));
}
