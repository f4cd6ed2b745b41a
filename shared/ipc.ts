// Every message that crosses a process boundary on the desktop, typed once:
//  - renderer ⇄ Electron main (ipcRenderer.invoke / webContents.send), exposed to the page
//    only through the preload's narrow `window.kipu` bridge;
//  - engine (utilityProcess) ⇄ Electron main (process.parentPort / UtilityProcess.postMessage),
//    used for the engine's "ready" signal and for secrets kept with safeStorage.
// No Electron import here: the renderer and the engine import this file too.

// ---------------------------------------------------------------- renderer ⇄ main

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** Origin of the engine the window talks to, e.g. http://127.0.0.1:41234 */
  engineOrigin: string | null;
}

export interface UpdateReadyInfo {
  version: string;
  releaseNotes: string | null;
}

/** Request/response channels (ipcRenderer.invoke → ipcMain.handle). */
export interface IpcInvokeMap {
  'kipu:app-info': { args: []; result: AppInfo };
  'kipu:install-update-on-quit': { args: []; result: boolean };
}

/** Main → renderer pushes (webContents.send → ipcRenderer.on). */
export interface IpcPushMap {
  'kipu:update-ready': UpdateReadyInfo;
}

export type IpcInvokeChannel = keyof IpcInvokeMap;
export type IpcPushChannel = keyof IpcPushMap;


/** What the preload exposes as `window.kipu`. Pushes return an unsubscribe function. */
export interface KipuBridge {
  appInfo(): Promise<AppInfo>;
  onUpdateReady(cb: (info: UpdateReadyInfo) => void): () => void;
  /** Confirms the downloaded update installs when the app quits; resolves false if none is ready. */
  installUpdateOnQuit(): Promise<boolean>;
}

// ---------------------------------------------------------------- engine ⇄ main

/**
 * Names of the secrets the desktop keeps encrypted with safeStorage. 'engine.master-key' is the
 * random AES-256 key the engine encrypts its own secrets file with (main/config/secrets.ts):
 * per-tenant secrets (each tenant's SIAT token, certificate key) stay in the engine's data
 * directory, sealed by a key only the OS keystore can open.
 */
export type SecretName = 'engine.master-key' | 'siat.token' | 'certificate.key' | 'certificate.password' | 'smtp.password';
export const SECRET_NAMES: readonly SecretName[] = ['engine.master-key', 'siat.token', 'certificate.key', 'certificate.password', 'smtp.password'];

export type EngineToMainMessage =
  /** The engine listens on 127.0.0.1 and serves the renderer at `url`. */
  | { type: 'ready'; url: string }
  | { type: 'fatal'; message: string }
  | { type: 'secret.get'; requestId: string; name: SecretName }
  | { type: 'secret.set'; requestId: string; name: SecretName; value: string }
  | { type: 'secret.delete'; requestId: string; name: SecretName };

export type MainToEngineMessage =
  | { type: 'secret.result'; requestId: string; ok: true; value: string | null }
  | { type: 'secret.result'; requestId: string; ok: false; error: string }
  /** Finish the current write and exit (app quitting). */
  | { type: 'shutdown' };

export function isEngineToMainMessage(m: unknown): m is EngineToMainMessage {
  if (typeof m !== 'object' || m === null) return false;
  const t = (m as { type?: unknown }).type;
  const o = m as Record<string, unknown>;
  switch (t) {
    case 'ready':
      return typeof o.url === 'string';
    case 'fatal':
      return typeof o.message === 'string';
    case 'secret.get':
    case 'secret.delete':
      return typeof o.requestId === 'string' && SECRET_NAMES.includes(o.name as SecretName);
    case 'secret.set':
      return typeof o.requestId === 'string' && SECRET_NAMES.includes(o.name as SecretName) && typeof o.value === 'string';
    default:
      return false;
  }
}
