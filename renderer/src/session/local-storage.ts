// localStorage access that never throws (private mode, quota, tests without a DOM).
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memory = new Map<string, string>();
const memoryStorage: KeyValueStorage = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};

export function localStore(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // fall through
  }
  return memoryStorage;
}

export const STORAGE_KEYS = {
  apiKey: 'kipu.apiKey',
  posId: 'kipu.posId',
  prefs: 'kipu.prefs',
  /** How this till was last opened: 'pin' (a person) or 'key' (issue 27). */
  loginMode: 'kipu.loginMode',
} as const;

export function readItem(key: string): string | null {
  try {
    return localStore().getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) localStore().removeItem(key);
    else localStore().setItem(key, value);
  } catch {
    // storage full or denied: the value lives for this session only
  }
}
