// Runs in: Electron main. electron-updater with the generic provider (electron-builder.yml
// `publish`). Downloads in the background and installs only when the app quits: an update
// must never interrupt a sale, and a failed update must never break the running till. Before
// any check, update-policy.ts verifies the configuration (https feed, Windows publisher) and
// refuses updates without a checksum or outside https (issue 26, finding 5).
// Named import: main.ts is bundled to CommonJS (dist/desktop/main.cjs), where a default import
// of this __esModule-flagged package would be undefined.
import { app } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { UpdateReadyInfo } from '../../shared/ipc';
import { secureUpdater } from './update-policy';

const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_CHECK_AFTER_MS = 60 * 1000;

export interface Updater {
  /** The downloaded update, if any. */
  ready(): UpdateReadyInfo | null;
  installOnQuit(): boolean;
}

export function startUpdater(onReady: (info: UpdateReadyInfo) => void, log: (line: string) => void): Updater {
  let downloaded: UpdateReadyInfo | null = null;
  const none: Updater = { ready: () => null, installOnQuit: () => false };
  if (!app.isPackaged) return none; // no app-update.yml in development

  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  // Resolves to the reason updates are off (logged once), or null.
  const refused = secureUpdater(autoUpdater, { platform: process.platform }).then((problem) => {
    if (problem) log(`updater: ${problem}`);
    return problem;
  });
  autoUpdater.on('error', (err: Error) => log(`updater: ${err.message}`));
  autoUpdater.on('update-downloaded', (info: { version: string; releaseNotes?: unknown }) => {
    downloaded = { version: info.version, releaseNotes: typeof info.releaseNotes === 'string' ? info.releaseNotes : null };
    onReady(downloaded);
  });

  const check = async () => {
    if (await refused) return;
    autoUpdater.checkForUpdates().catch((err: unknown) => log(`updater: ${err instanceof Error ? err.message : String(err)}`));
  };
  setTimeout(() => void check(), FIRST_CHECK_AFTER_MS).unref?.();
  setInterval(() => void check(), CHECK_EVERY_MS).unref?.();

  return {
    ready: () => downloaded,
    installOnQuit: () => {
      if (!downloaded) return false;
      autoUpdater.autoInstallOnAppQuit = true;
      return true;
    },
  };
}
