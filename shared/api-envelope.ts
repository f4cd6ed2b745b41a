// The envelopes are described once in shared/api/envelope.ts; this path stays for existing imports.
export type { ApiErrorBody, ApiErrorInfo, ApiResponse, FieldProblem, Page, SectorEnvelope, SiatMessageInfo } from './api/envelope';
