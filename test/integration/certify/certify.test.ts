// `npm run admin -- certify` (issue 29) as a child process against the SIAT simulator running in
// this process, with reduced counts: end to end (electronic modality, so stage VIII runs, and the
// "Proceso Masivo" mark, so stage IX runs), a kill -9 in the middle that the next run resumes
// without repeating or skipping a step, what SIAT's own tally ("seguimiento") counted against what
// certify says it did, and a bad token that stops the run with one message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { requiredPerPos, STAGES } from '../../../main/certify/requirements';
import { invoicesPerEvent } from '../../../main/certify/stages/events';
import { massiveSize } from '../../../main/certify/stages/massive';
import { tempDir } from '../../fixtures/tmp';
import { entryArgs } from '../../fixtures/entry';
import { peeker } from '../../fixtures/engine-process';
import { adminCall, waitFor } from '../contingency/helpers';

const SCALE = 25;
const NIT = String(TRAINING_TAXPAYER.nit);

interface Certify {
  proc: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function certify(dataDir: string, siatUrl: string, extra: string[] = []): Certify {
  const proc = spawn(process.execPath, [...entryArgs('admin'), 'certify', '--nit', NIT, '--reducido', String(SCALE), '--ritmo', '50', ...extra], {
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

test('certify runs every stage with reduced counts; kill -9 mid-emission and mid-events resume without repeating or skipping', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const dataDir = join(tmp.dir, 'engine');
  let run: Certify | null = null;
  try {
    // The portal's "Proceso Masivo" registration (SIAT answers 955 to a massive package without it).
    await adminCall(sim.adminUrl, '/admin/massive', { enabled: true });
    run = certify(dataDir, sim.url, ['--modalidad', '1', '--masivo']);
    const peek = peeker(dataDir);
    const emitted = () => {
      if (!existsSync(join(dataDir, 'kipu.sqlite'))) return 0;
      try {
        return peek<{ n: number }>(`SELECT COUNT(*) n FROM certification_steps WHERE stage = 'emission'`).n;
      } catch {
        return 0; // the table is not there until the engine's migrations ran
      }
    };
    await waitFor('some emission steps', () => emitted() >= 3 || run!.proc.exitCode !== null, 180_000, 5);
    assert.equal(run.proc.exitCode, null, `certify ended before the kill:\n${run.output()}`);
    run.proc.kill('SIGKILL');
    await run.exit;
    const atKill = emitted();
    const emissionTotal = requiredPerPos(STAGES.find((s) => s.name === 'emission')!, SCALE) * 2;
    assert.ok(atKill < emissionTotal, `killed in the middle of the emissions (${atKill} of ${emissionTotal})`);

    // Second kill, in the middle of the events: an event open or being recovered.
    run = certify(dataDir, sim.url, ['--modalidad', '1', '--masivo']);
    const events = () => peek<{ n: number }>('SELECT COUNT(*) n FROM contingency_events').n;
    await waitFor('the third event to open', () => events() >= 3 || run!.proc.exitCode !== null, 180_000, 5);
    assert.equal(run.proc.exitCode, null, `certify ended before the second kill:\n${run.output()}`);
    run.proc.kill('SIGKILL');
    await run.exit;
    assert.ok(peek<{ n: number }>(`SELECT COUNT(*) n FROM certification_steps WHERE stage = 'events'`).n < 14, 'killed in the middle of the events');

    // Resumed without the flags: the run keeps the modality and the mark it started with.
    run = certify(dataDir, sim.url);
    const code = await run.exit;
    const out = run.output();
    assert.equal(code, 0, out);
    assert.match(out, /Reanudando la corrida/);
    assert.match(out, /Fase I completa en el piloto/);

    const db = new Database(join(dataDir, 'kipu.sqlite'), { readonly: true });
    try {
      const runRow = db.prepare('SELECT id, finished_at FROM certification_runs').all() as { id: string; finished_at: string | null }[];
      assert.equal(runRow.length, 1, 'one run, resumed');
      assert.ok(runRow[0]!.finished_at);
      const done = (stage: string, pos: number) => (db.prepare('SELECT COUNT(*) n FROM certification_steps WHERE stage = ? AND pos_code = ? AND ok = 1').get(stage, pos) as { n: number }).n;
      for (const stage of STAGES) {
        for (const pos of [0, 1]) {
          const steps = db.prepare('SELECT seq, ok FROM certification_steps WHERE stage = ? AND pos_code = ? ORDER BY seq').all(stage.name, pos) as { seq: number; ok: number }[];
          const required = requiredPerPos(stage, SCALE);
          // Nothing skipped: seqs 0..n-1 with no hole; nothing repeated: exactly the count, all done.
          assert.deepEqual(steps.map((s) => s.seq), Array.from({ length: required }, (_, i) => i), `${stage.name} PV ${pos}`);
          assert.ok(steps.every((s) => s.ok === 1), `${stage.name} PV ${pos}: every step done`);
        }
      }
      // Emissions: one invoice per step; with the events' offline invoices, each registered by SIAT exactly once.
      const invoices = db.prepare(`SELECT cuf, state FROM invoices WHERE idempotency_key LIKE 'certify:%:emission:%'`).all() as { cuf: string; state: string }[];
      assert.equal(invoices.length, emissionTotal);
      const signatureTotal = requiredPerPos(STAGES.find((s) => s.name === 'signature')!, SCALE) * 2;
      const signed = db.prepare(`SELECT xml FROM invoices WHERE idempotency_key LIKE 'certify:%:signature:%' AND state = 'VALIDATED'`).all() as { xml: string }[];
      assert.equal(signed.length, signatureTotal);
      assert.ok(signed.every((i) => i.xml.includes('Signature')), 'stage VIII invoices carry their signature');
      const perEvent = invoicesPerEvent(SCALE);
      const offline = db.prepare(`SELECT COUNT(*) n FROM invoices WHERE idempotency_key LIKE 'certify:%:event:%' AND state = 'VALIDATED' AND event_id IS NOT NULL`).get() as { n: number };
      assert.equal(offline.n, perEvent * 4 * 2, 'every offline invoice of events 1–4 validated');
      const manual = db.prepare(`SELECT COUNT(*) n FROM invoices WHERE cafc IS NOT NULL AND state = 'VALIDATED' AND event_id IS NOT NULL`).get() as { n: number };
      assert.equal(manual.n, perEvent * 3 * 2, 'every transcribed CAFC invoice of events 5–7 validated');
      const massiveInvoices = Array.from({ length: 10 }, (_, i) => massiveSize(i, SCALE)).reduce((a, b) => a + b, 0) * 2;
      const received = (await adminCall(sim.adminUrl, '/admin/received')) as { cuf: string; timesRegistered: number }[];
      assert.equal(received.length, emissionTotal + signatureTotal + perEvent * 7 * 2 + massiveInvoices, "SIAT received exactly the emissions, the events' and the massive invoices");
      assert.ok(received.every((r) => r.timesRegistered === 1));
      // Events: the 7 per point of sale, mapped by description, each closed with validated packages;
      // 5–7 (energy, software, hardware in the catalog's words) with the CAFC booklet.
      const events = db.prepare(`SELECT codigo_motivo m, state, cafc FROM contingency_events ORDER BY created_at`).all() as { m: number; state: string; cafc: string | null }[];
      assert.deepEqual(events.map((e) => e.m).sort(), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
      assert.ok(events.every((e) => e.state === 'CLOSED'));
      assert.deepEqual(events.filter((e) => e.cafc !== null).map((e) => e.m).sort(), [5, 5, 6, 6, 7, 7]);

      // SIAT's side ("seguimiento", what the portal shows) against certify's own count, per stage
      // and point of sale: exact for what SIAT registers once (documents, events, packages,
      // cancellations, reversals); at least as many for queries (the engine asks for codes and
      // catalogs on its own too, and a killed query is asked again).
      const seg = (await (await fetch(`${sim.adminUrl}/seguimiento?nit=${NIT}`)).json()) as { etapas: { etapa: string; puntoVenta: number; cantidad: number }[] };
      const sin = (etapa: string, pos: number) => seg.etapas.find((e) => e.etapa === etapa && e.puntoVenta === pos)?.cantidad ?? 0;
      for (const pos of [0, 1]) {
        assert.ok(sin('I', pos) >= done('cuis', pos), `I PV ${pos}: ${sin('I', pos)}`);
        assert.ok(sin('II', pos) >= done('catalogs', pos), `II PV ${pos}: ${sin('II', pos)}`);
        assert.ok(sin('III', pos) >= done('cufd', pos), `III PV ${pos}: ${sin('III', pos)}`);
        // Every individual emission in the electronic modality is signed: IV counts stage VIII's too.
        assert.equal(sin('IV', pos), done('emission', pos) + done('signature', pos), `IV PV ${pos}`);
        assert.equal(sin('VIII', pos), done('emission', pos) + done('signature', pos), `VIII PV ${pos}`);
        assert.equal(sin('V', pos), done('events', pos), `V PV ${pos}`);
        assert.equal(sin('VI', pos), done('events', pos) * Math.ceil(perEvent / 500), `VI PV ${pos}`);
        assert.equal(sin('VII', pos), done('cancellation', pos), `VII PV ${pos}`);
        assert.equal(sin('IX', pos), done('massive', pos), `IX PV ${pos}`);
        assert.equal(sin('XI', pos), done('reversal', pos), `XI PV ${pos}`);
      }
      // Cancelled minus reverted: what the stages' counts say.
      const cancelled = invoices.filter((i) => i.state === 'CANCELLED').length;
      const c = requiredPerPos(STAGES.find((s) => s.name === 'cancellation')!, SCALE) * 2;
      const r = requiredPerPos(STAGES.find((s) => s.name === 'reversal')!, SCALE) * 2;
      assert.equal(cancelled, c - r);

      // Evidence: a report per stage and point of sale, the summary, every exchange, no token.
      const evidence = join(dataDir, 'certificacion', runRow[0]!.id);
      const summary = JSON.parse(readFileSync(join(evidence, 'resumen.json'), 'utf8'));
      assert.equal(summary.resultado, 'finished');
      assert.equal(summary.etapas.length, STAGES.length * 2, 'every stage, VIII and IX included');
      const emission0 = JSON.parse(readFileSync(join(evidence, 'etapa-IV-emission-pv0.json'), 'utf8'));
      assert.equal(emission0.hechos, emissionTotal / 2);
      assert.equal(emission0.codigosSiat['908'], emissionTotal / 2);
      assert.ok(emission0.muestras.length > 0 && emission0.muestras.every((m: string) => /^[0-9A-F]+$/.test(m)), 'sample CUFs');
      const pdf = readFileSync(join(evidence, 'reporte.pdf'));
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const data = files(join(evidence, 'datos'));
      assert.ok(data.some((f) => f.includes('IV-emission') && f.endsWith('-respuesta.txt')));
      for (const f of data) assert.ok(!readFileSync(f, 'utf8').includes(TRAINING_TAXPAYER.token), `${f} has the token`);
    } finally {
      db.close();
    }
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
