// The scheduler's upkeep events (seed: Events): certificate.expiring, siat.token_expiring,
// cuis.renewal_failed and cufd.renewal_failed. A real engine in training mode with the embedded
// SIAT simulator; the engine's clock and the simulator's move together.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { tempDir } from '../fixtures/tmp';
import type { KipuEvent, KipuEventType } from '../../main/events/event-map';
import { generateTrainingCertificate } from '../../main/invoicing/certificate';
import { siatMessage } from '../../main/siat/messages';
import { TRAINING_TAXPAYER } from '../../main/siat-sim/training-taxpayer';
import { boliviaDate } from '../../shared/time';

const DAY_MS = 86_400_000;
const NIT = String(TRAINING_TAXPAYER.nit);

/** An engine whose clock runs `offsetMs` ahead of the real one, with every bus event recorded. */
class Rig {
  offsetMs = 0;
  readonly events: KipuEvent[] = [];
  eng!: TestEngine;
  readonly clock = () => new Date(Date.now() + this.offsetMs);

  constructor(readonly dataDir: string) {}

  async start(): Promise<void> {
    this.eng = await startTestEngine({}, this.dataDir, { scheduler: false, now: this.clock, siatTimeouts: { saleMs: 1500, defaultMs: 1500 } });
    this.eng.bus.subscribe((e) => this.events.push(e));
    await this.sim('/clock', { skewMs: this.offsetMs });
  }

  async restart(): Promise<void> {
    await this.eng.close();
    this.events.length = 0;
    await this.start();
  }

  get tenantId(): string {
    return this.eng.store.tenants.byNit(NIT)!.id;
  }

  async sim(path: string, body: unknown = {}): Promise<void> {
    const res = await fetch(`${this.eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(res.status, 200, `simulator admin ${path}`);
  }

  async advance(ms: number): Promise<void> {
    this.offsetMs += ms;
    await this.sim('/clock', { skewMs: this.offsetMs });
  }

  /** One scheduler pass, then the bus's queued deliveries. */
  async tick(): Promise<void> {
    await this.eng.scheduler.tick();
    await new Promise((r) => setImmediate(r));
  }

  of(type: KipuEventType): KipuEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** Installs, through the settings API, a certificate that expires at `notAfter`. */
  async installCertificate(notAfter: Date): Promise<string> {
    const from = new Date(notAfter);
    from.setUTCFullYear(from.getUTCFullYear() - 2); // training certificates last 2 years
    const { keyPem, certPem } = generateTrainingCertificate({ nit: NIT, razonSocial: TRAINING_TAXPAYER.razonSocial, now: from });
    const res = await this.eng.api('/api/v1/settings/certificate', { method: 'POST', json: { keyPem, certPem } });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { data: { notAfter: string } }).data.notAfter;
  }

  async putSiat(body: Record<string, unknown>): Promise<{ tokenSet: boolean; tokenExpiresOn: string | null }> {
    const res = await this.eng.api('/api/v1/settings/siat', { method: 'PUT', json: body });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { data: { tokenSet: boolean; tokenExpiresOn: string | null } }).data;
  }
}

async function withRig(fn: (rig: Rig) => Promise<void>): Promise<void> {
  const tmp = tempDir();
  const rig = new Rig(tmp.dir);
  await rig.start();
  try {
    await fn(rig);
  } finally {
    await rig.sim('/reset-faults').catch(() => undefined);
    await rig.eng.close();
    tmp.cleanup();
  }
}

/** 'yyyy-MM-dd' `days` after the Bolivian day of `at`. */
const dayAfter = (at: Date, days: number) => boliviaDate(new Date(at.getTime() + days * DAY_MS));

describe('certificate.expiring', () => {
  test('published once a day while the certificate has 30 days or fewer left, also after a restart; not for a later one', async () => {
    await withRig(async (rig) => {
      await rig.installCertificate(new Date(rig.clock().getTime() + 45 * DAY_MS));
      await rig.tick();
      assert.equal(rig.of('certificate.expiring').length, 0, '45 days left: no notice');
      await rig.installCertificate(new Date(rig.clock().getTime() + 31 * DAY_MS + 12 * 3600_000));
      await rig.tick();
      assert.equal(rig.of('certificate.expiring').length, 0, '31 days left: no notice');

      const notAfter = await rig.installCertificate(new Date(rig.clock().getTime() + 20 * DAY_MS + 12 * 3600_000));
      await rig.tick();
      const [first, ...more] = rig.of('certificate.expiring');
      assert.ok(first, '20 days left: notice');
      assert.deepEqual(more, []);
      assert.equal(first.tenantId, rig.tenantId);
      assert.equal(first.posId, null);
      assert.deepEqual(first.data, { nit: NIT, notAfter, daysLeft: 20 });

      await rig.tick();
      assert.equal(rig.of('certificate.expiring').length, 1, 'a second tick the same day does not repeat it');
      await rig.restart();
      await rig.tick();
      assert.equal(rig.of('certificate.expiring').length, 0, 'nor does a restart the same day');

      await rig.advance(DAY_MS);
      await rig.tick();
      assert.deepEqual(rig.of('certificate.expiring').map((e) => e.data), [{ nit: NIT, notAfter, daysLeft: 19 }], 'the next day, again');

      await rig.installCertificate(new Date(rig.clock().getTime() + 700 * DAY_MS));
      await rig.advance(DAY_MS);
      await rig.tick();
      assert.equal(rig.of('certificate.expiring').length, 1, 'a renewed certificate: no more notices');
    });
  });
});

describe('siat.token_expiring', () => {
  test('published once a day within 15 days of the configured expiry; nothing without a date or for a new token', async () => {
    await withRig(async (rig) => {
      assert.equal((await rig.putSiat({})).tokenExpiresOn, null);
      await rig.tick();
      assert.equal(rig.of('siat.token_expiring').length, 0, 'expiry unknown: no notice');

      assert.equal((await rig.putSiat({ tokenExpiresOn: dayAfter(rig.clock(), 16) })).tokenExpiresOn, dayAfter(rig.clock(), 16));
      await rig.tick();
      assert.equal(rig.of('siat.token_expiring').length, 0, '16 days left: no notice');

      const expiresOn = dayAfter(rig.clock(), 15);
      await rig.putSiat({ tokenExpiresOn: expiresOn });
      await rig.tick();
      await rig.tick();
      const notices = rig.of('siat.token_expiring');
      assert.equal(notices.length, 1, 'once, however many ticks the same day');
      assert.equal(notices[0]!.tenantId, rig.tenantId);
      assert.equal(notices[0]!.posId, null);
      assert.deepEqual(notices[0]!.data, { nit: NIT, expiresOn, daysLeft: 15 });

      await rig.advance(DAY_MS);
      await rig.tick();
      assert.deepEqual(rig.of('siat.token_expiring').map((e) => e.data.daysLeft), [15, 14], 'the next day, again');

      // A new token without its date: the old token's date no longer applies.
      const view = await rig.putSiat({ token: TRAINING_TAXPAYER.token });
      assert.deepEqual([view.tokenSet, view.tokenExpiresOn], [true, null]);
      await rig.advance(DAY_MS);
      await rig.tick();
      assert.equal(rig.of('siat.token_expiring').length, 2);
    });
  });
});

describe('cuis.renewal_failed and cufd.renewal_failed', () => {
  test('the CUIS is renewed in its last 5 days; a failed renewal is published once a day with SIAT’s code and message', async () => {
    await withRig(async (rig) => {
      const { eng } = rig;
      const posId = eng.store.pointsOfSale.defaultFor(rig.tenantId)!.id;
      await rig.tick(); // training: catalogs, CUIS and CUFD
      const cuis0 = eng.codes.currentCuis(rig.tenantId, posId)!;
      assert.ok(cuis0, 'a CUIS in force');
      await rig.tick();
      assert.deepEqual(eng.codes.cuisDueForRenewal(), [], '~365 days left: not due');
      assert.equal(eng.codes.currentCuis(rig.tenantId, posId)!.codigo, cuis0.codigo);
      assert.equal(rig.of('cuis.renewal_failed').length + rig.of('cufd.renewal_failed').length, 0);

      // 361 days later 4 days are left; SIAT is unreachable.
      await rig.advance(361 * DAY_MS);
      assert.deepEqual(eng.codes.cuisDueForRenewal().map((d) => d.posId), [posId]);
      await rig.sim('/faults', { mode: 'refuse' });
      await rig.tick();
      await rig.tick();
      const pos = { nit: NIT, posId, branchCode: 0, posCode: 0 };
      const [cuisDown, ...cuisMore] = rig.of('cuis.renewal_failed');
      assert.ok(cuisDown, 'cuis.renewal_failed published');
      assert.deepEqual(cuisMore, [], 'once the same day');
      assert.equal(cuisDown.tenantId, rig.tenantId);
      assert.equal(cuisDown.posId, posId);
      assert.deepEqual({ ...cuisDown.data, reason: undefined }, { ...pos, expiresAt: cuis0.fechaVigencia, siatCode: null, siatMessages: [], reason: undefined });
      assert.match(String(cuisDown.data.reason), /cuis: refused/);
      const cufdDown = rig.of('cufd.renewal_failed');
      assert.equal(cufdDown.length, 1, 'the expired CUFD could not be renewed either: once');
      assert.equal(cufdDown[0]!.posId, posId);
      assert.deepEqual({ ...cufdDown[0]!.data, reason: undefined }, {
        ...pos,
        expiresAt: eng.codes.latestCufd(rig.tenantId, posId)!.fechaVigencia,
        siatCode: null,
        siatMessages: [],
        reason: undefined,
      });
      assert.equal(eng.codes.currentCuis(rig.tenantId, posId)!.codigo, cuis0.codigo, 'the old CUIS still serves');

      // The next day SIAT answers, but rejects the CUIS request (twice).
      await rig.sim('/reset-faults');
      await rig.advance(DAY_MS);
      await rig.sim('/force-code', { operation: 'cuis', codigo: 962, times: 2 });
      await rig.tick();
      await rig.tick();
      const rejected = rig.of('cuis.renewal_failed').slice(1);
      assert.equal(rejected.length, 1, 'a new day: published again, once');
      assert.equal(rejected[0]!.data.siatCode, 962);
      assert.deepEqual(rejected[0]!.data.siatMessages, [{ codigo: 962, descripcion: siatMessage(962) }], 'SIAT’s message verbatim');
      assert.equal(rig.of('cufd.renewal_failed').length, 1, 'the CUFD was renewed with the CUIS still in force');
      assert.equal(eng.codes.currentCuis(rig.tenantId, posId)!.codigo, cuis0.codigo);

      // SIAT accepts: a new CUIS for another year, no event.
      await rig.tick();
      const renewed = eng.codes.currentCuis(rig.tenantId, posId)!;
      assert.notEqual(renewed.codigo, cuis0.codigo);
      assert.ok(new Date(renewed.fechaVigencia).getTime() - rig.clock().getTime() > 360 * DAY_MS);
      assert.deepEqual(eng.codes.cuisDueForRenewal(), []);
      await rig.tick();
      assert.equal(rig.of('cuis.renewal_failed').length, 2);
    });
  });
});
