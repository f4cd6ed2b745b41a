// The error of the invoicing use cases (issue, cancel, status): an HTTP status, a code the API
// sends as is, a message a person can act on (STYLE rule 5), the fields at fault and SIAT's own
// code and messages when SIAT refused.
import type { SiatMessageRecord } from '../siat/messages';
import type { FieldProblem } from '../../shared/api-envelope';

export class IssueError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422 | 503,
    readonly code: string,
    message: string,
    readonly fields?: FieldProblem[],
    readonly siat?: { code: number; messages: SiatMessageRecord[] },
  ) {
    super(message);
    this.name = 'IssueError';
  }
}
