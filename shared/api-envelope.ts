// The envelopes are described once in shared/api/envelope.ts; this path stays for existing imports.
export type { FieldProblem } from './api/envelope';
