// Runs in: Electron main (bundled to dist/desktop/main.cjs, package.json "main").
// Thin shell (DESIGN.md, Desktop): one window, a Spanish menu, the engine in a utilityProcess,
// the window loads the engine's URL. contextIsolation + sandbox, no nodeIntegration, strict
// CSP, navigation and new windows denied, every IPC sender checked, updates on quit.
import { join } from 'node:path';
import {
  BrowserWindow,
  Menu,
  app,
  dialog,
  ipcMain,
  safeStorage,
  session,
  shell,
  type MenuItemConstructorOptions,
  type WebContents,
} from 'electron';
import type { IpcInvokeChannel, IpcInvokeMap, IpcPushChannel, IpcPushMap } from '../../shared/ipc';
import { startEngine, type EngineHandle } from './engine-process';
import { SecretStore } from './secrets';
import { contentSecurityPolicy, guardIpc, isTrustedSender, navigationGuard, originOf, windowOpenHandler, withCsp } from './security';
import { startUpdater, type Updater } from './updater';

const ENGINE_ENTRY = join(__dirname, '..', 'engine', 'engine-process.cjs');
const PRELOAD = join(__dirname, 'preload.cjs');

let win: BrowserWindow | null = null;
let engine: EngineHandle | null = null;
let engineOrigin: string | null = null;
let updater: Updater | null = null;
let quitting = false;

const log = (line: string) => console.log(`[kipu] ${line}`);

// Native widgets (date pickers, spell-check, number formats) in Bolivian Spanish.
app.commandLine.appendSwitch('lang', 'es-BO');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.whenReady().then(boot).catch(fail);
}

async function boot(): Promise<void> {
  harden();
  registerIpc();
  Menu.setApplicationMenu(buildMenu());

  const secrets = new SecretStore(join(app.getPath('userData'), 'secrets.json'), safeStorage, process.platform);
  engine = await startEngine({
    entry: ENGINE_ENTRY,
    env: {
      KIPU_DATA_DIR: join(app.getPath('userData'), 'data'),
      KIPU_HOST: '127.0.0.1',
      KIPU_PORT: '0', // random free port; the engine reports its URL
      KIPU_DESKTOP: '1',
    },
    secrets,
    onExit: (code) => void engineDied(code),
    log,
  });
  engineOrigin = originOf(engine.url);
  if (!engineOrigin) throw new Error(`URL del motor no válida: ${engine.url}`);
  const csp = contentSecurityPolicy(engineOrigin);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The policy belongs on documents of the engine's origin (the page and its frames).
    if ((details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') && originOf(details.url) === engineOrigin) {
      callback({ responseHeaders: withCsp(details.responseHeaders, csp) });
    } else {
      callback({});
    }
  });

  createWindow(engine.url);
  updater = startUpdater((info) => push('kipu:update-ready', info), log);
}

function createWindow(url: string): void {
  win = new BrowserWindow({
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    title: 'Kipu',
    backgroundColor: '#f3f4f6',
    show: false,
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
      // Chromium's PDF viewer renders the invoice preview (Facturas).
      plugins: true,
    },
  });
  win.once('ready-to-show', () => win?.show());
  win.on('closed', () => {
    win = null;
  });
  void win.loadURL(url);
}

/** Navigation, new windows, webviews and permissions: everything not needed is denied. */
function harden(): void {
  app.on('web-contents-created', (_e, contents: WebContents) => {
    const guard = navigationGuard(() => engineOrigin, log);
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    // Frames too: the CSP keeps frames on the engine's origin, this keeps them from leaving it.
    contents.on('will-frame-navigate', (details) => {
      if (!details.isMainFrame) guard(details, details.url);
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(windowOpenHandler(() => engineOrigin, (url) => void shell.openExternal(url)));
  });
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback) => {
    const ok = permission === 'clipboard-sanitized-write' && isTrustedSender(wc.getURL(), engineOrigin);
    callback(ok);
  });
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) => {
    return permission === 'clipboard-sanitized-write' && requestingOrigin === engineOrigin;
  });
}

function handle<K extends IpcInvokeChannel>(
  channel: K,
  fn: (...args: IpcInvokeMap[K]['args']) => IpcInvokeMap[K]['result'] | Promise<IpcInvokeMap[K]['result']>,
): void {
  ipcMain.handle(channel, guardIpc(channel, fn, () => engineOrigin, log));
}

function push<K extends IpcPushChannel>(channel: K, payload: IpcPushMap[K]): void {
  if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
}

function registerIpc(): void {
  handle('kipu:app-info', () => ({
    name: app.getName(),
    version: app.getVersion(),
    platform: `${process.platform}-${process.arch}`,
    engineOrigin,
  }));
  handle('kipu:install-update-on-quit', () => updater?.installOnQuit() ?? false);
}

function buildMenu(): Menu {
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'Archivo',
      submenu: [
        { label: 'Recargar', accelerator: 'CmdOrCtrl+Shift+R', click: () => win?.webContents.reload() },
        { type: 'separator' },
        { label: 'Salir', accelerator: 'CmdOrCtrl+Q', click: () => app.quit() },
      ],
    },
    {
      label: 'Editar',
      submenu: [
        { label: 'Deshacer', role: 'undo' },
        { label: 'Rehacer', role: 'redo' },
        { type: 'separator' },
        { label: 'Cortar', role: 'cut' },
        { label: 'Copiar', role: 'copy' },
        { label: 'Pegar', role: 'paste' },
        { label: 'Seleccionar todo', role: 'selectAll' },
      ],
    },
    {
      label: 'Ver',
      submenu: [
        { label: 'Acercar', role: 'zoomIn' },
        { label: 'Alejar', role: 'zoomOut' },
        { label: 'Tamaño normal', role: 'resetZoom' },
        { type: 'separator' },
        { label: 'Pantalla completa', role: 'togglefullscreen', accelerator: 'F11' },
        // F12 is "Emitir e imprimir" in the till: developer tools only on Ctrl+Shift+I, and only unpackaged.
        ...(app.isPackaged ? [] : [{ label: 'Herramientas de desarrollo', accelerator: 'CmdOrCtrl+Shift+I', role: 'toggleDevTools' as const }]),
      ],
    },
    {
      label: 'Ayuda',
      submenu: [
        {
          label: 'Acerca de Kipu',
          click: () =>
            void dialog.showMessageBox({
              type: 'info',
              title: 'Acerca de Kipu',
              message: `Kipu ${app.getVersion()}`,
              detail: 'Punto de venta con facturación electrónica SIAT (Bolivia).',
            }),
        },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}

async function engineDied(code: number): Promise<void> {
  if (quitting) return;
  log(`engine exited with code ${code}`);
  const r = await dialog.showMessageBox({
    type: 'error',
    title: 'Kipu',
    message: 'El motor de Kipu se detuvo.',
    detail: 'Las facturas emitidas están guardadas. Reinicie Kipu para seguir vendiendo.',
    buttons: ['Reiniciar Kipu', 'Salir'],
    defaultId: 0,
  });
  if (r.response === 0) app.relaunch();
  app.exit(1);
}

function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  log(`startup failed: ${message}`);
  dialog.showErrorBox('Kipu no pudo iniciar', message);
  app.exit(1);
}

app.on('before-quit', (event) => {
  if (quitting || !engine) return;
  // Let the engine finish the write in progress before the process ends.
  event.preventDefault();
  quitting = true;
  void engine.stop().finally(() => app.quit());
});

app.on('window-all-closed', () => app.quit());

app.on('activate', () => {
  if (!win && engine) createWindow(engine.url);
});
