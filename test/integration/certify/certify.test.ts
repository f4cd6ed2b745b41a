// `npm run admin -- certify` (issue 29) as a child process against the SIAT simulator running in
// this process, with reduced counts: end to end (electronic modality, so stage VIII runs, and the
// "Proceso Masivo" mark, so stage IX runs) with three declared sectors — compra-venta, educación
// and the credit-debit note — each stage sector by sector, a kill -9 in the middle that the next
// run resumes without repeating or skipping a step, what SIAT's own tally ("seguimiento") counted
// per sector against what certify says it did (and the report showing it), and a bad token that
// stops the run with one message. In training the run is a rehearsal on the rehearsal taxpayer
// (decision 0089): the store's taxpayer named by --nit gets none of its documents, and its
// inspection self-check (`certify --autoevaluacion`) still passes, exit 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { REHEARSAL_TAXPAYER, TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { isNoteSector, requiredPerPos, stageKey, stageSectors, STAGES, type StageName } from '../../../main/certify/requirements';
import { invoicesPerEvent } from '../../../main/certify/stages/events';
import { massiveSize } from '../../../main/certify/stages/massive';
import { tempDir } from '../../fixtures/tmp';
import { entryArgs } from '../../fixtures/entry';
import { peeker } from '../../fixtures/engine-process';
import { adminCall, waitFor } from '../contingency/helpers';

// ÷50 keeps the file's time what one sector at ÷25 took: three sectors, each stage for each.
const SCALE = 50;
/** Two invoice sectors (IV–IX, XI each) and the credit-debit note (IV, VII, VIII, XI; no packages). */
const SECTORS = [1, 11, 24];
/** The store's taxpayer, named on the command line; the rehearsal runs on the rehearsal taxpayer. */
const NIT = String(TRAINING_TAXPAYER.nit);
const REHEARSAL_NIT = String(REHEARSAL_TAXPAYER.nit);

interface Certify {
  proc: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function certify(dataDir: string, siatUrl: string, extra: string[] = []): Certify {
  return admin(dataDir, siatUrl, ['certify', '--nit', NIT, '--reducido', String(SCALE), '--ritmo', '50', ...extra]);
}

function admin(dataDir: string, siatUrl: string, args: string[]): Certify {
  const proc = spawn(process.execPath, [...entryArgs('admin'), ...args], {
    env: { ...process.env, KIPU_DATA_DIR: dataDir, KIPU_SIAT_URL: siatUrl, KIPU_TRAINING: '1', KIPU_LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = once(proc, 'exit').then(([code]) => code as number | null);
  return { proc, output: () => out, exit };
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

test('certify runs every stage sector by sector with reduced counts; kill -9 mid-emission and mid-events resume without repeating or skipping', { timeout: 600_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const dataDir = join(tmp.dir, 'engine');
  let run: Certify | null = null;
  try {
    // The portal's "Proceso Masivo" registration (SIAT answers 955 to a massive package without it).
    await adminCall(sim.adminUrl, '/admin/massive', { enabled: true });
    const flags = ['--modalidad', '1', '--masivo', '--sectores', SECTORS.join(',')];
    // The pilot answers the first sales in 6 s, past the till's 5 s: certify waits for it (a batch,
    // no customer waiting), so they stay online emissions and the run goes on.
    await adminCall(sim.adminUrl, '/admin/faults', { mode: 'latency', latencyMs: 6000, operations: ['recepcionFactura'] });
    run = certify(dataDir, sim.url, flags);
    const peek = peeker(dataDir);
    const emitted = () => {
      if (!existsSync(join(dataDir, 'kipu.sqlite'))) return 0;
      try {
        return peek<{ n: number }>(`SELECT COUNT(*) n FROM certification_steps WHERE stage LIKE 'emission%'`).n;
      } catch {
        return 0; // the table is not there until the engine's migrations ran
      }
    };
    await waitFor('a slow emission step', () => emitted() >= 1 || run!.proc.exitCode !== null, 180_000, 5);
    await adminCall(sim.adminUrl, '/admin/faults', { mode: 'none' });
    await waitFor('some emission steps', () => emitted() >= 3 || run!.proc.exitCode !== null, 180_000, 5);
    assert.equal(run.proc.exitCode, null, `certify ended before the kill:\n${run.output()}`);
    run.proc.kill('SIGKILL');
    await run.exit;
    const atKill = emitted();
    const perSector = (name: string) => requiredPerPos(STAGES.find((s) => s.name === name)!, SCALE) * 2;
    const emissionTotal = perSector('emission') * SECTORS.length;
    assert.ok(atKill < emissionTotal, `killed in the middle of the emissions (${atKill} of ${emissionTotal})`);

    // Second kill, in the middle of the events: an event open or being recovered.
    run = certify(dataDir, sim.url, flags);
    const events = () => peek<{ n: number }>('SELECT COUNT(*) n FROM contingency_events').n;
    await waitFor('the third event to open', () => events() >= 3 || run!.proc.exitCode !== null, 180_000, 5);
    assert.equal(run.proc.exitCode, null, `certify ended before the second kill:\n${run.output()}`);
    run.proc.kill('SIGKILL');
    await run.exit;
    assert.ok(peek<{ n: number }>(`SELECT COUNT(*) n FROM certification_steps WHERE stage LIKE 'events%'`).n < 28, 'killed in the middle of the events');

    // Resumed without the flags: the run keeps the modality, the mark and the sectors it started
    // with. The simulator's admin URL puts its seguimiento in the report.
    run = certify(dataDir, sim.url, ['--seguimiento', sim.adminUrl]);
    const code = await run.exit;
    const out = run.output();
    assert.equal(code, 0, out);
    assert.match(out, /Reanudando la corrida/);
    assert.match(out, new RegExp(`Entrenamiento: el ensayo corre sobre el contribuyente de ensayo KIPU ENSAYO DE AUTORIZACION S\\.R\\.L\\. \\(NIT ${REHEARSAL_NIT}\\)`));
    assert.match(out, /Fase I completa en el piloto: .* · sectores 1, 11, 24/);
    assert.match(out, /Etapa IV · Emisión individual · Sector educativo · punto de venta 1/);

    const db = new Database(join(dataDir, 'kipu.sqlite'), { readonly: true });
    try {
      const runRow = db.prepare('SELECT id, tenant_id, finished_at FROM certification_runs').all() as { id: string; tenant_id: string; finished_at: string | null }[];
      assert.equal(runRow.length, 1, 'one run, resumed');
      assert.ok(runRow[0]!.finished_at);
      // The rehearsal's taxpayer ran it; the store's named by --nit has no run, document or event of it.
      const tenantOf = (nit: string) => (db.prepare('SELECT id FROM tenants WHERE nit = ?').get(nit) as { id: string }).id;
      assert.equal(runRow[0]!.tenant_id, tenantOf(REHEARSAL_NIT));
      const storeRows = (table: string) => (db.prepare(`SELECT COUNT(*) n FROM ${table} WHERE tenant_id = ?`).get(tenantOf(NIT)) as { n: number }).n;
      assert.deepEqual(['invoices', 'contingency_events', 'certification_runs'].map(storeRows), [0, 0, 0], "nothing in the store's books");
      const done = (stage: string, pos: number) => (db.prepare('SELECT COUNT(*) n FROM certification_steps WHERE stage = ? AND pos_code = ? AND ok = 1').get(stage, pos) as { n: number }).n;
      for (const stage of STAGES) {
        for (const sector of stageSectors(stage, SECTORS)) {
          for (const pos of [0, 1]) {
            const key = stageKey(stage.name, sector);
            const steps = db.prepare('SELECT seq, ok FROM certification_steps WHERE stage = ? AND pos_code = ? ORDER BY seq').all(key, pos) as { seq: number; ok: number }[];
            const required = requiredPerPos(stage, SCALE);
            // Nothing skipped: seqs 0..n-1 with no hole; nothing repeated: exactly the count, all done.
            assert.deepEqual(steps.map((s) => s.seq), Array.from({ length: required }, (_, i) => i), `${key} PV ${pos}`);
            assert.ok(steps.every((s) => s.ok === 1), `${key} PV ${pos}: every step done`);
          }
        }
      }
      // Packages hold no notes: no events or massive stage for sector 24.
      assert.equal((db.prepare(`SELECT COUNT(*) n FROM certification_steps WHERE stage IN ('events:s24', 'massive:s24')`).get() as { n: number }).n, 0);
      // Emissions: one document per step, of its sector (a note on an original issued for it); with
      // the events' offline invoices, each registered by SIAT exactly once.
      const invoices = db.prepare(`SELECT cuf, state, sector FROM invoices WHERE idempotency_key LIKE 'certify:%:emission:%' AND idempotency_key NOT LIKE '%:original'`).all() as { cuf: string; state: string; sector: number }[];
      assert.equal(invoices.length, emissionTotal);
      for (const sector of SECTORS) assert.equal(invoices.filter((i) => i.sector === sector).length, perSector('emission'), `sector ${sector}'s emissions`);
      const originals = (db.prepare(`SELECT COUNT(*) n FROM invoices WHERE idempotency_key LIKE 'certify:%:s24:%:original' AND sector = 1 AND state = 'VALIDATED'`).get() as { n: number }).n;
      assert.equal(originals, perSector('emission') + perSector('signature'), "each note's original, issued once");
      const signatureTotal = perSector('signature') * SECTORS.length;
      const signed = db.prepare(`SELECT xml, sector FROM invoices WHERE idempotency_key LIKE 'certify:%:signature:%' AND idempotency_key NOT LIKE '%:original' AND state = 'VALIDATED'`).all() as { xml: string; sector: number }[];
      assert.equal(signed.length, signatureTotal);
      assert.deepEqual([...new Set(signed.map((i) => i.sector))].sort((a, b) => a - b), SECTORS);
      assert.ok(signed.every((i) => i.xml.includes('Signature')), 'stage VIII invoices carry their signature');
      const invoiceSectors = SECTORS.filter((s) => !isNoteSector(s));
      const perEvent = invoicesPerEvent(SCALE);
      const offline = db.prepare(`SELECT sector, COUNT(*) n FROM invoices WHERE idempotency_key LIKE 'certify:%:event:%' AND state = 'VALIDATED' AND event_id IS NOT NULL GROUP BY sector ORDER BY sector`).all() as { sector: number; n: number }[];
      assert.deepEqual(offline, invoiceSectors.map((sector) => ({ sector, n: perEvent * 4 * 2 })), 'every offline invoice of events 1–4 validated, per sector');
      const manual = db.prepare(`SELECT sector, COUNT(*) n FROM invoices WHERE cafc IS NOT NULL AND state = 'VALIDATED' AND event_id IS NOT NULL GROUP BY sector ORDER BY sector`).all() as { sector: number; n: number }[];
      assert.deepEqual(manual, invoiceSectors.map((sector) => ({ sector, n: perEvent * 3 * 2 })), 'every transcribed CAFC invoice of events 5–7 validated, per sector');
      const massiveInvoices = Array.from({ length: 10 }, (_, i) => massiveSize(i, SCALE)).reduce((a, b) => a + b, 0) * 2 * invoiceSectors.length;
      const received = (await adminCall(sim.adminUrl, '/admin/received')) as { cuf: string; timesRegistered: number }[];
      assert.equal(received.length, emissionTotal + originals + signatureTotal + perEvent * 7 * 2 * invoiceSectors.length + massiveInvoices, "SIAT received exactly the emissions, the notes' originals, the events' and the massive invoices");
      assert.ok(received.every((r) => r.timesRegistered === 1));
      // Events: the 7 per point of sale, mapped by description, each closed with validated packages;
      // 5–7 (energy, software, hardware in the catalog's words) with the CAFC booklet.
      const events = db.prepare(`SELECT codigo_motivo m, state, cafc FROM contingency_events ORDER BY created_at`).all() as { m: number; state: string; cafc: string | null }[];
      const each = (codes: number[]) => codes.flatMap((c) => Array(2 * invoiceSectors.length).fill(c));
      assert.deepEqual(events.map((e) => e.m).sort(), each([1, 2, 3, 4, 5, 6, 7]));
      assert.ok(events.every((e) => e.state === 'CLOSED'));
      assert.deepEqual(events.filter((e) => e.cafc !== null).map((e) => e.m).sort(), each([5, 6, 7]));

      // SIAT's side ("seguimiento", what the portal shows per case) against certify's own count, per
      // stage, sector and point of sale: exact for what SIAT registers once (documents, events,
      // packages, cancellations, reversals; the notes' originals are receptions of their sector too);
      // at least as many for the system's queries (the engine asks for codes and catalogs on its own
      // too, and a killed query is asked again). The store's NIT has no count at all.
      const seg = (await (await fetch(`${sim.adminUrl}/seguimiento?nit=${REHEARSAL_NIT}`)).json()) as { etapas: { etapa: string; puntoVenta: number; sector: number | null; cantidad: number }[] };
      const sin = (etapa: string, pos: number, sector: number | null) => seg.etapas.find((e) => e.etapa === etapa && e.puntoVenta === pos && e.sector === sector)?.cantidad ?? 0;
      const storeSeg = (await (await fetch(`${sim.adminUrl}/seguimiento?nit=${NIT}`)).json()) as { etapas: unknown[] };
      assert.deepEqual(storeSeg.etapas, [], 'SIAT counted nothing for the store');
      assert.ok(!seg.etapas.some((e) => e.sector === null && e.etapa === 'V'), 'every event is counted under its packages\' sector');
      for (const pos of [0, 1]) {
        const originalsAt = (db.prepare(`SELECT COUNT(*) n FROM invoices i JOIN points_of_sale p ON p.id = i.pos_id WHERE i.idempotency_key LIKE '%:original' AND i.sector = 1 AND p.code = ?`).get(pos) as { n: number }).n;
        assert.ok(sin('I', pos, null) >= done('cuis', pos), `I PV ${pos}: ${sin('I', pos, null)}`);
        assert.ok(sin('II', pos, null) >= done('catalogs', pos), `II PV ${pos}: ${sin('II', pos, null)}`);
        assert.ok(sin('III', pos, null) >= done('cufd', pos), `III PV ${pos}: ${sin('III', pos, null)}`);
        for (const sector of SECTORS) {
          const k = (name: StageName) => done(stageKey(name, sector), pos);
          const at = `PV ${pos} sector ${sector}`;
          // Every individual emission in the electronic modality is signed: IV counts stage VIII's
          // too, and compra-venta's the notes' originals (issued in that sector).
          const receptions = k('emission') + k('signature') + (sector === 1 ? originalsAt : 0);
          assert.equal(sin('IV', pos, sector), receptions, `IV ${at}`);
          assert.equal(sin('VIII', pos, sector), receptions, `VIII ${at}`);
          assert.equal(sin('V', pos, sector), k('events'), `V ${at}`);
          assert.equal(sin('VI', pos, sector), k('events') * Math.ceil(perEvent / 500), `VI ${at}`);
          assert.equal(sin('VII', pos, sector), k('cancellation'), `VII ${at}`);
          assert.equal(sin('IX', pos, sector), k('massive'), `IX ${at}`);
          assert.equal(sin('XI', pos, sector), k('reversal'), `XI ${at}`);
        }
        assert.equal(sin('V', pos, 11), 7, `the 7 events of sector 11 at PV ${pos}, apart from compra-venta's`);
      }
      // Cancelled minus reverted: what the stages' counts say.
      const cancelled = invoices.filter((i) => i.state === 'CANCELLED').length;
      assert.equal(cancelled, (perSector('cancellation') - perSector('reversal')) * SECTORS.length);

      // Evidence: a report per stage and point of sale, the summary, every exchange, no token.
      const evidence = join(dataDir, 'certificacion', runRow[0]!.id);
      const summary = JSON.parse(readFileSync(join(evidence, 'resumen.json'), 'utf8'));
      assert.equal(summary.resultado, 'finished');
      assert.equal(summary.etapas.length, STAGES.reduce((n, s) => n + stageSectors(s, SECTORS).length, 0) * 2, 'every stage of every sector, VIII and IX included');
      const emission0 = JSON.parse(readFileSync(join(evidence, 'etapa-IV-emission-pv0.json'), 'utf8'));
      assert.equal(emission0.hechos, perSector('emission') / 2);
      assert.equal(emission0.codigosSiat['908'], perSector('emission') / 2);
      // The report shows the simulator's count beside certify's, per sector (each stage's file, the summary, the lines).
      assert.deepEqual(emission0.seguimiento, { IV: sin('IV', 0, 1) });
      const events11 = JSON.parse(readFileSync(join(evidence, 'etapa-V-VI-events-s11-pv1.json'), 'utf8'));
      assert.deepEqual(events11.seguimiento, { V: 7, VI: sin('VI', 1, 11) });
      assert.ok(summary.etapas.every((e: { seguimiento?: unknown }) => e.seguimiento), 'every stage of the summary with its seguimiento');
      assert.match(out, new RegExp(`Seguimiento del simulador \\(lo que contó el SIAT para NIT ${REHEARSAL_NIT}`));
      assert.match(out, new RegExp(`  Sector educativo · punto de venta 1: IV ${sin('IV', 1, 11)} · V 7 · VI ${sin('VI', 1, 11)} · VII ${sin('VII', 1, 11)} · VIII ${sin('VIII', 1, 11)} · IX ${sin('IX', 1, 11)} · XI ${sin('XI', 1, 11)}\\n`));
      const notes1 = JSON.parse(readFileSync(join(evidence, 'etapa-VII-cancellation-s24-pv1.json'), 'utf8'));
      assert.deepEqual([notes1.sector, notes1.titulo, notes1.hechos, notes1.codigosSiat['905']], [24, 'Anulación · Nota de crédito-débito', perSector('cancellation') / 2, perSector('cancellation') / 2]);
      assert.ok(emission0.muestras.length > 0 && emission0.muestras.every((m: string) => /^[0-9A-F]+$/.test(m)), 'sample CUFs');
      const pdf = readFileSync(join(evidence, 'reporte.pdf'));
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const data = files(join(evidence, 'datos'));
      assert.ok(data.some((f) => f.includes('IV-emission') && f.endsWith('-respuesta.txt')));
      for (const f of data) assert.ok(!readFileSync(f, 'utf8').includes(TRAINING_TAXPAYER.token), `${f} has the token`);
    } finally {
      db.close();
    }

    // The store's inspection self-check from the terminal: its installation is a default one (the
    // rehearsal issued none of its documents), so every item passes and the exit code is 0.
    const check = admin(dataDir, sim.url, ['certify', '--nit', NIT, '--autoevaluacion']);
    const checkCode = await check.exit;
    assert.equal(checkCode, 0, check.output());
    assert.match(check.output(), /OK +1\. Nominatividad/);
    assert.match(check.output(), /Aprobada: ningún punto falla\./);
  } finally {
    if (run && run.proc.exitCode === null && run.proc.signalCode === null) {
      run.proc.kill('SIGKILL');
      await run.exit;
    }
    await sim.close();
    tmp.cleanup();
  }
});

test('a bad token stops certify at once with one message, SIAT 989 and what to do', { timeout: 180_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const dataDir = join(tmp.dir, 'engine');
  try {
    const run = certify(dataDir, sim.url, ['--token', 'TOKEN-EQUIVOCADO-123']);
    const code = await run.exit;
    const out = run.output();
    assert.equal(code, 1, out);
    assert.equal(out.match(/DETENIDO:/g)?.length, 1, out);
    assert.match(out, /DETENIDO: SIAT 989 .*token delegado no es válido/);
    const db = new Database(join(dataDir, 'kipu.sqlite'), { readonly: true });
    try {
      // Nothing counted: the count is not burnt on a token SIAT refuses.
      assert.equal((db.prepare('SELECT COUNT(*) n FROM certification_steps').get() as { n: number }).n, 0);
      const runRow = db.prepare('SELECT stopped_reason FROM certification_runs').get() as { stopped_reason: string };
      assert.match(runRow.stopped_reason, /989/);
    } finally {
      db.close();
    }
  } finally {
    await sim.close();
    tmp.cleanup();
  }
});
