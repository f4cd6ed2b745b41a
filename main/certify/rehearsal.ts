// The training rehearsal of Phase I that a manager starts from «Autorización SIN» (issue 29,
// "Training: … so a team can rehearse it"): the same run as `npm run admin -- certify`
// (certification-run.ts), inside the running engine, against the simulator it embeds. Only from the
// training taxpayer (the pilot's run stays a CLI step with Kipu closed: it needs the pilot token
// and writes the exchange log), and on a taxpayer of its own (main/training/rehearsal-tenant.ts):
// the test invoices never reach the store's Facturas, books, cash reports or numbering. One run at
// a time; closing the engine stops it between two steps and the next start
// resumes it.
import type { Engine } from '../engine/engine-types';
import type { Tenant } from '../store/tenants';
import { invoiceTypeFor } from '../../shared/invoice-types';
import { ensureRehearsalTenant } from '../training/rehearsal-tenant';
import { certifyWith } from './certification-run';
import type { RunOutcome } from './runner';

/** What a manager chooses: how far the counts are reduced, and the declared sectors. */
interface RehearsalRequest {
  scale: number;
  sectors: number[];
}

class RehearsalRefused extends Error {}

/** The last lines a running or finished rehearsal printed (what the CLI would show). */
const KEEP_LINES = 40;

interface Running {
  done: Promise<void>;
  lines: string[];
  outcome: RunOutcome | null;
}

export class Rehearsals {
  private readonly runs = new Map<string, Running>();
  private readonly abort = new AbortController();

  constructor(
    private readonly engine: () => Engine,
    private readonly dataDir: string,
  ) {}

  /**
   * Starts (or resumes) the rehearsal the store tenant asked for, on the rehearsal taxpayer (created
   * the first time); refused outside training or while one runs.
   */
  start(tenant: Tenant, req: RehearsalRequest): void {
    if (!tenant.training || !this.engine().simulator) {
      throw new RehearsalRefused('El ensayo desde esta pantalla es solo para el contribuyente de entrenamiento, con el simulador de Kipu. Las pruebas en el piloto del SIN se ejecutan con npm run admin -- certify, con Kipu cerrado.');
    }
    if (this.abort.signal.aborted) throw new RehearsalRefused('Kipu se está cerrando');
    // One rehearsal taxpayer: one rehearsal at a time, whichever training tenant asked.
    if ([...this.runs.keys()].some((id) => this.isRunning(id))) throw new RehearsalRefused('Ya hay un ensayo en curso: espere a que termine');
    const { store, gateway } = this.engine();
    const rehearsal = ensureRehearsalTenant(store, tenant);
    const withoutType = req.sectors.filter((sector) => !invoiceTypeFor(sector, rehearsal.modalidad));
    if (withoutType.length > 0) throw new RehearsalRefused(`Kipu no emite el sector ${withoutType.join(', ')} en la modalidad ${rehearsal.modalidad === 1 ? 'electrónica' : 'computarizada'} del contribuyente`);
    const entry: Running = { done: Promise.resolve(), lines: [], outcome: null };
    const out = (line: string) => {
      entry.lines.push(line);
      if (entry.lines.length > KEEP_LINES) entry.lines.shift();
    };
    entry.done = certifyWith({
      engine: this.engine(),
      tenant: rehearsal,
      token: gateway.token(rehearsal) || null,
      dataDir: this.dataDir,
      options: { sectors: req.sectors, massive: false, cafc: null, cafcFrom: 1, scale: req.scale, ratePerSecond: 50, evidenceDir: null },
      out,
      signal: this.abort.signal,
    }).then(
      (outcome) => void (entry.outcome = outcome),
      (err: unknown) => {
        entry.outcome = { kind: 'stopped', reason: (err as Error).message };
        out(`DETENIDO: ${(err as Error).message}`);
      },
    );
    this.runs.set(tenant.id, entry);
  }

  isRunning(tenantId: string): boolean {
    const r = this.runs.get(tenantId);
    return r !== undefined && r.outcome === null;
  }

  /** What the tenant's last rehearsal in this engine printed, newest last. */
  lines(tenantId: string): string[] {
    return [...(this.runs.get(tenantId)?.lines ?? [])];
  }

  /** Engine closing: every rehearsal stops between two steps (resumable), then this resolves. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all([...this.runs.values()].map((r) => r.done));
  }
}
