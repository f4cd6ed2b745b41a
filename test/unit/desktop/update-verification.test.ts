// Issue 26, finding 5: desktop updates are verified. Two halves:
// - the packaging configuration (electron-builder.yml, parsed with electron-builder's own YAML
//   library) asks for the Windows signature check, an https feed from KIPU_UPDATE_URL, and
//   `npm run dist` refuses to package without one;
// - electron-updater's real updaters (NSIS, AppImage, deb), configured by our update-policy.ts,
//   fetch a fake feed (latest*.yml + installer) on loopback HTTP and refuse a tampered file, an
//   unsigned installer, a feed without checksums, a file outside https and a downgrade.
// Only the transport is Node's (Electron's `net` needs Electron): electron-updater's
// ElectronHttpExecutor with createRequest on node:http, so its download, redirect and sha512
// (builder-util-runtime's DigestTransform) code is what runs. The Authenticode check itself
// needs Windows (PowerShell): here a verifier stands in for its verdict, and the test asserts
// electron-updater asks it, with our publisher names, and obeys it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { AppImageUpdater, DebUpdater, NsisUpdater, type AppUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { feedUrlProblem, secureUpdater, updateConfigProblem } from '../../../main/desktop/update-policy';
import { tempDir } from '../../fixtures/tmp';

const ROOT = join(import.meta.dirname, '../../..');
// electron-builder reads electron-builder.yml with js-yaml (app-builder-lib/out/util/config/load.js);
// the same library, resolved from electron-builder, so the test sees the file as the packager does.
const yaml = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib'))('js-yaml') as {
  load(text: string): unknown;
  dump(value: unknown): string;
};

interface BuilderConfig {
  win?: { verifyUpdateCodeSignature?: unknown; signtoolOptions?: { publisherName?: unknown } };
  linux?: { target?: unknown };
  publish?: { provider?: unknown; url?: unknown };
}
const builderConfig = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const publisherNames = builderConfig.win?.signtoolOptions?.publisherName as string[];

test('electron-builder.yml: Windows updates must carry the publisher signature; the feed is KIPU_UPDATE_URL, no URL baked in', () => {
  assert.equal(builderConfig.win?.verifyUpdateCodeSignature, true);
  assert.ok(Array.isArray(publisherNames) && publisherNames.length > 0, 'win.signtoolOptions.publisherName lists the certificate CN(s)');
  assert.ok(publisherNames.every((n) => typeof n === 'string' && n.trim() !== ''));
  assert.equal(builderConfig.publish?.provider, 'generic');
  assert.equal(builderConfig.publish?.url, '${env.KIPU_UPDATE_URL}');
  assert.deepEqual(builderConfig.linux?.target, ['AppImage', 'deb']);
});

test('npm run dist refuses to package without an https KIPU_UPDATE_URL, in Spanish', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.dist!, /^tsx scripts\/check-update-url\.ts && .*electron-builder --config electron-builder\.yml$/, 'the check runs before packaging');
  const run = (url: string | undefined) => {
    const env = { ...process.env };
    delete env.KIPU_UPDATE_URL;
    if (url !== undefined) env.KIPU_UPDATE_URL = url;
    return spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/check-update-url.ts'], { cwd: ROOT, env, encoding: 'utf8' });
  };
  const unset = run(undefined);
  assert.equal(unset.status, 2);
  assert.match(unset.stderr, /No se empaqueta Kipu: KIPU_UPDATE_URL no está configurada/);
  const plain = run('http://actualizaciones.empresa.bo/kipu/');
  assert.equal(plain.status, 2);
  assert.match(plain.stderr, /debe empezar con https:\/\//);
  assert.equal(run('https://actualizaciones.empresa.bo/kipu/').status, 0);
});

test('feed and configuration rules: https only (loopback http only when a test asks), Windows needs a publisher', () => {
  assert.equal(feedUrlProblem('https://actualizaciones.empresa.bo/kipu/'), null);
  assert.match(feedUrlProblem('http://127.0.0.1:9/')!, /https/, 'loopback http is refused unless a test allows it');
  assert.equal(feedUrlProblem('http://127.0.0.1:9/', { allowLoopbackHttp: true }), null);
  assert.match(feedUrlProblem('http://10.0.0.5/', { allowLoopbackHttp: true })!, /https/);
  assert.match(feedUrlProblem('ftp://x/')!, /https/);
  assert.match(feedUrlProblem('no es url')!, /no es una URL válida/);
  const good = { provider: 'generic', url: 'https://actualizaciones.empresa.bo/kipu/', publisherName: publisherNames };
  assert.equal(updateConfigProblem(good, { platform: 'win32' }), null);
  assert.match(updateConfigProblem({ ...good, publisherName: undefined }, { platform: 'win32' })!, /publisherName/);
  assert.match(updateConfigProblem({ ...good, publisherName: [] }, { platform: 'win32' })!, /publisherName/);
  assert.equal(updateConfigProblem({ ...good, publisherName: undefined }, { platform: 'linux' }), null, 'Linux has no code signature to name');
  assert.match(updateConfigProblem({ ...good, url: 'http://actualizaciones.empresa.bo/' }, { platform: 'linux' })!, /https/);
  assert.match(updateConfigProblem({ ...good, provider: 'github' }, { platform: 'linux' })!, /generic/);
});

// ---- A fake update server on loopback and electron-updater's real updaters ----

/** What the fake server answers: the channel file for any *.yml, and the installer bytes. */
interface Feed {
  yml: string;
  files: Map<string, Buffer>;
}
let feed: Feed = { yml: '', files: new Map() };
let server: http.Server;
let feedUrl = '';
before(async () => {
  server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1));
    const body = name.endsWith('.yml') ? Buffer.from(feed.yml) : feed.files.get(name);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

/** latest*.yml as electron-builder writes it, for `name` with `genuine` bytes. */
function channelFile(version: string, name: string, genuine: Buffer, extra: { omitSha?: boolean; url?: string } = {}): string {
  const file: Record<string, unknown> = { url: extra.url ?? name, size: genuine.length };
  if (!extra.omitSha) file.sha512 = sha512(genuine);
  return yaml.dump({ version, files: [file], path: extra.url ?? name, ...(extra.omitSha ? {} : { sha512: sha512(genuine) }), releaseDate: '2026-11-27T12:00:00.000Z' });
}

/** electron-updater's own executor with Node's transport instead of Electron's `net`. */
class NodeTransportExecutor extends ElectronHttpExecutor {
  override createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): Electron.ClientRequest {
    return http.request(options, callback) as unknown as Electron.ClientRequest;
  }
}

type UpdaterClass = typeof NsisUpdater | typeof AppImageUpdater | typeof DebUpdater;

/** An updater of `kind` for an installed Kipu 1.0.0 whose app-update.yml electron-builder would write from electron-builder.yml. */
function makeUpdater(Kind: UpdaterClass, dir: string, config: Record<string, unknown> = {}): AppUpdater {
  const appUpdateYml = join(dir, 'app-update.yml');
  writeFileSync(
    appUpdateYml,
    yaml.dump({ provider: builderConfig.publish?.provider, url: feedUrl, publisherName: publisherNames, updaterCacheDirName: 'kipu-updater', ...config }),
  );
  const app = {
    version: '1.0.0',
    name: 'kipu',
    isPackaged: true,
    appUpdateConfigPath: appUpdateYml,
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new Kind(null, app);
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeTransportExecutor();
  updater.logger = null;
  return updater;
}

/** The installers left in the updater's cache (a refused download leaves nothing ready to install). */
function cachedInstallers(dir: string): string[] {
  const pending = join(dir, 'cache', 'kipu-updater', 'pending');
  return existsSync(pending) ? readdirSync(pending).filter((f) => !f.startsWith('temp-') && f !== 'update-info.json') : [];
}

/** Checks for updates and waits for the download; resolves to what happened. */
async function checkAndDownload(updater: AppUpdater): Promise<{ available: boolean; error: (Error & { code?: string }) | null }> {
  let downloaded = false;
  updater.on('update-downloaded', () => (downloaded = true));
  try {
    const result = await updater.checkForUpdates();
    if (!result?.isUpdateAvailable) return { available: false, error: null };
    await result.downloadPromise;
    assert.ok(downloaded, 'a successful download is announced');
    return { available: true, error: null };
  } catch (err) {
    assert.ok(!downloaded, 'a refused update is never announced as ready');
    return { available: true, error: err as Error & { code?: string } };
  }
}

const linuxUpdaters: Array<[string, UpdaterClass, string]> = [
  ['AppImage', AppImageUpdater, 'Kipu-1.1.0.AppImage'],
  ['deb', DebUpdater, 'kipu_1.1.0_amd64.deb'],
];

for (const [label, Kind, name] of linuxUpdaters) {
  test(`${label}: a file whose sha512 does not match latest-linux.yml is refused; the genuine file is accepted`, { timeout: 60_000 }, async () => {
    const { dir, cleanup } = tempDir();
    const appImage = process.env.APPIMAGE;
    // The AppImage updater only runs inside an AppImage, and diffs against the running one.
    process.env.APPIMAGE = join(dir, 'Kipu-1.0.0.AppImage');
    writeFileSync(process.env.APPIMAGE, randomBytes(4096));
    try {
      const genuine = randomBytes(64 * 1024);
      const tampered = Buffer.from(genuine);
      tampered[1000] = genuine[1000]! ^ 0xff;
      feed = { yml: channelFile('1.1.0', name, genuine), files: new Map([[name, tampered]]) };
      const updater = makeUpdater(Kind, dir);
      assert.equal(await secureUpdater(updater, { platform: 'linux', allowLoopbackHttp: true }), null);
      const refused = await checkAndDownload(updater);
      assert.equal(refused.error?.code, 'ERR_CHECKSUM_MISMATCH', `refused: ${refused.error?.message}`);
      assert.deepEqual(cachedInstallers(dir), [], 'nothing is left to install');

      feed.files.set(name, genuine);
      const fresh = makeUpdater(Kind, dir);
      assert.equal(await secureUpdater(fresh, { platform: 'linux', allowLoopbackHttp: true }), null);
      const accepted = await checkAndDownload(fresh);
      assert.equal(accepted.error, null, accepted.error?.message);
      assert.deepEqual(cachedInstallers(dir), [name]);
    } finally {
      if (appImage === undefined) delete process.env.APPIMAGE;
      else process.env.APPIMAGE = appImage;
      cleanup();
    }
  });
}

test('NSIS: a tampered installer is refused by its hash; a genuine one not signed by our publisher is refused by its signature', { timeout: 60_000 }, async () => {
  const { dir, cleanup } = tempDir();
  try {
    const name = 'Kipu-Setup-1.1.0.exe';
    const genuine = randomBytes(64 * 1024);
    const tampered = Buffer.from(genuine);
    tampered[7] = genuine[7]! ^ 0x01;
    feed = { yml: channelFile('1.1.0', name, genuine), files: new Map([[name, tampered]]) };
    const asked: string[][] = [];
    const verdict: { value: string | null } = { value: null };
    const make = () => {
      const u = makeUpdater(NsisUpdater, dir) as NsisUpdater;
      // Stands in for Windows' Get-AuthenticodeSignature, which cannot run here.
      u.verifyUpdateCodeSignature = async (names) => (asked.push(names), verdict.value);
      return u;
    };
    const hashed = make();
    assert.equal(await secureUpdater(hashed, { platform: 'win32', allowLoopbackHttp: true }), null);
    assert.equal((await checkAndDownload(hashed)).error?.code, 'ERR_CHECKSUM_MISMATCH');
    assert.deepEqual(asked, [], 'a file that fails its hash never reaches the signature check');

    feed.files.set(name, genuine);
    verdict.value = 'firmado por "Otra Empresa", no por el editor esperado';
    const unsigned = make();
    assert.equal(await secureUpdater(unsigned, { platform: 'win32', allowLoopbackHttp: true }), null);
    const refused = await checkAndDownload(unsigned);
    assert.equal(refused.error?.code, 'ERR_UPDATER_INVALID_SIGNATURE');
    assert.deepEqual(asked, [publisherNames], 'the check uses the publisher names of electron-builder.yml');
    assert.deepEqual(cachedInstallers(dir), []);

    verdict.value = null;
    const signed = make();
    assert.equal(await secureUpdater(signed, { platform: 'win32', allowLoopbackHttp: true }), null);
    assert.equal((await checkAndDownload(signed)).error, null);
    assert.deepEqual(cachedInstallers(dir), [name]);
  } finally {
    cleanup();
  }
});

test('Windows without publisherName in app-update.yml: updates are off (electron-updater would skip the signature check)', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const updater = makeUpdater(NsisUpdater, dir, { publisherName: undefined });
    assert.match((await secureUpdater(updater, { platform: 'win32', allowLoopbackHttp: true }))!, /publisherName/);
    const plain = makeUpdater(NsisUpdater, dir, { url: 'http://actualizaciones.empresa.bo/kipu/' });
    assert.match((await secureUpdater(plain, { platform: 'win32' }))!, /https/, 'an http feed is refused outside tests');
  } finally {
    cleanup();
  }
});

test('a latest.yml without sha512, or naming a file outside https, is refused before anything is downloaded', { timeout: 60_000 }, async () => {
  const { dir, cleanup } = tempDir();
  try {
    const name = 'kipu_1.1.0_amd64.deb';
    const genuine = randomBytes(4096);
    let fetched = 0;
    feed = { yml: channelFile('1.1.0', name, genuine, { omitSha: true }), files: new Map([[name, genuine]]) };
    const counting = (r: http.IncomingMessage) => void (r.url?.endsWith('.deb') && fetched++);
    server.on('request', counting);
    try {
      const noSha = makeUpdater(DebUpdater, dir);
      assert.equal(await secureUpdater(noSha, { platform: 'linux', allowLoopbackHttp: true }), null);
      const a = await checkAndDownload(noSha);
      assert.match(a.error?.message ?? '', /actualización rechazada: .*no trae la suma sha512/);

      feed = { yml: channelFile('1.1.0', name, genuine, { url: `http://descargas.empresa.bo/${name}` }), files: new Map() };
      const offHttps = makeUpdater(DebUpdater, dir);
      assert.equal(await secureUpdater(offHttps, { platform: 'linux', allowLoopbackHttp: true }), null);
      const b = await checkAndDownload(offHttps);
      assert.match(b.error?.message ?? '', /actualización rechazada: .*fuera de https/);
      assert.equal(fetched, 0, 'no installer was requested');
      assert.deepEqual(cachedInstallers(dir), []);
    } finally {
      server.off('request', counting);
    }
  } finally {
    cleanup();
  }
});

test('an older version on the feed is not offered (no downgrade), even with a matching hash', { timeout: 60_000 }, async () => {
  const { dir, cleanup } = tempDir();
  try {
    const name = 'kipu_0.9.0_amd64.deb';
    const genuine = randomBytes(4096);
    feed = { yml: channelFile('0.9.0', name, genuine), files: new Map([[name, genuine]]) };
    const updater = makeUpdater(DebUpdater, dir);
    updater.allowDowngrade = true; // whatever was set before, the policy turns it off
    assert.equal(await secureUpdater(updater, { platform: 'linux', allowLoopbackHttp: true }), null);
    assert.equal(updater.allowDowngrade, false);
    assert.equal(updater.allowPrerelease, false);
    const result = await checkAndDownload(updater);
    assert.deepEqual(result, { available: false, error: null });
    assert.deepEqual(cachedInstallers(dir), []);
  } finally {
    cleanup();
  }
});
