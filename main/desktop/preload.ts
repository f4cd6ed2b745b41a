// Runs in: the renderer's preload (sandboxed; bundled to dist/desktop/preload.cjs because a
// sandboxed preload can only require 'electron'). Exposes a narrow, typed `window.kipu`:
// no ipcRenderer, no Node, no arbitrary channels.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { IpcInvokeChannel, IpcInvokeMap, IpcPushChannel, IpcPushMap, KipuBridge } from '../../shared/ipc';

function invoke<K extends IpcInvokeChannel>(channel: K, ...args: IpcInvokeMap[K]['args']): Promise<IpcInvokeMap[K]['result']> {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcInvokeMap[K]['result']>;
}

function subscribe<K extends IpcPushChannel>(channel: K, cb: (payload: IpcPushMap[K]) => void): () => void {
  const listener = (_e: IpcRendererEvent, payload: IpcPushMap[K]) => cb(payload);
  ipcRenderer.on(channel, listener);
  return () => {
    ipcRenderer.removeListener(channel, listener);
  };
}

const bridge: KipuBridge = {
  appInfo: () => invoke('kipu:app-info'),
  onUpdateReady: (cb) => subscribe('kipu:update-ready', cb),
  installUpdateOnQuit: () => invoke('kipu:install-update-on-quit'),
};

contextBridge.exposeInMainWorld('kipu', bridge);
