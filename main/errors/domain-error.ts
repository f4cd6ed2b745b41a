// The one shape of a domain's failure (issue 30, point 5; decision 0090): a code that says what
// went wrong in the domain's words, a Spanish message a person can act on (STYLE rule 5), and,
// when there are any, the fields at fault and SIAT's own code and messages, which reach the user
// unchanged. A domain never names an HTTP status: the API edge translates `domain` + `code` in
// one table (main/api/domain-errors.ts), so a code answers the same wherever it is thrown.
import type { FieldProblem } from '../../shared/api/envelope';
import type { Role } from '../../shared/till-roles';

/** SIAT's refusal as SIAT said it: its code (null when SIAT gave none) and its messages, verbatim. */
export interface SiatRefusal {
  code: number | null;
  messages: { codigo: number; descripcion: string }[];
}

/** What a failure carries beyond its message. */
export interface DomainErrorDetails {
  fields?: FieldProblem[];
  siat?: SiatRefusal;
  /** An act the doer's role may not do alone: the role whose approval it needs (the till asks it in place). */
  neededRole?: Role;
}

export abstract class DomainError<C extends string = string> extends Error {
  /** Which part of the API edge's table translates `code` (one name per error class). */
  abstract readonly domain: string;

  constructor(
    readonly code: C,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
  }
}

/** One field at fault, under the rule that refused it. */
export function fieldProblem(field: string, rule: string, message: string): FieldProblem[] {
  return [{ field, rule, message }];
}
