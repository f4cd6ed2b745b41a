// The renderer's single API instance. The key lives in the session store; this module only
// reads it through a getter so api/ does not depend on session/.
import { createKipuApi } from './endpoints';
import { createHttpClient } from './http';

let apiKeyGetter: () => string | null = () => null;
let unauthorizedHandler: () => void = () => {};

export function bindSession(getKey: () => string | null, onUnauthorized: () => void): void {
  apiKeyGetter = getKey;
  unauthorizedHandler = onUnauthorized;
}

export const http = createHttpClient({
  baseUrl: '',
  getApiKey: () => apiKeyGetter(),
  onUnauthorized: () => unauthorizedHandler(),
});

export const api = createKipuApi(http);
