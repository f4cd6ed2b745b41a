// The renderer's single API instance. The key lives in the session store; this module only
// reads it through a getter so api/ does not depend on session/.
import { createKipuApi } from './endpoints';
import { createHttpClient, type ApprovalPrompt } from './http';

let apiKeyGetter: () => string | null = () => null;
let unauthorizedHandler: () => void = () => {};
let approvalPrompt: ApprovalPrompt | null = null;

/** The till's supervisor-approval dialog (session/approval-store.ts); none in tests that do not bind it. */
export function bindApprovals(prompt: ApprovalPrompt): void {
  approvalPrompt = prompt;
}

export function bindSession(getKey: () => string | null, onUnauthorized: () => void): void {
  apiKeyGetter = getKey;
  unauthorizedHandler = onUnauthorized;
}

export const http = createHttpClient({
  baseUrl: '',
  getApiKey: () => apiKeyGetter(),
  onUnauthorized: () => unauthorizedHandler(),
  approvals: () => approvalPrompt,
});

export const api = createKipuApi(http);
