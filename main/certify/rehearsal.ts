// The training rehearsal of Phase I (issue 29, "Training: … so a team can rehearse it"): the same
// run as `npm run admin -- certify` (certification-run.ts) against the simulator, always on the
// rehearsal taxpayer (main/training/rehearsal-tenant.ts), never on the store's own: its test
// invoices never reach the store's Facturas, books, cash reports or numbering. Two ways in, one
// path (rehearsalTenantFor): the «Autorización SIN» screen starts it inside the running engine
// (Rehearsals below: one at a time; closing the engine stops it between two steps and the next
// start resumes it), and `certify` from a terminal in training (command.ts, with Kipu closed).
// The pilot's run stays a CLI step on the taxpayer it names.
import type { Engine } from '../engine/engine-types';
import type { Tenant } from '../store/tenants';
import type { Store } from '../store/store';
import { invoiceTypeFor } from '../../shared/invoice-types';
import { ensureRehearsalTenant } from '../training/rehearsal-tenant';
import { certifyWith } from './certification-run';
import type { RunOutcome } from './runner';

/** What a manager chooses: how far the counts are reduced, and the declared sectors. */
interface RehearsalRequest {
  scale: number;
  sectors: number[];
}

/** Why a rehearsal cannot start (es-BO): the screen answers 409 with it, the CLI prints it. */
export class RehearsalRefused extends Error {}

/**
 * The taxpayer a training rehearsal for `storeTenant` runs on: the rehearsal taxpayer, created the
 * first time (decision 0084), in `modalidad` when given (the terminal's --modalidad) else the
 * store's. A new run is refused at once, in words, for a declared sector Kipu does not issue in
 * that modality; a run left open resumes with the sectors and modality it started with.
 */
export function rehearsalTenantFor(store: Store, storeTenant: Tenant, req: { sectors: readonly number[]; modalidad?: Tenant['modalidad'] | null }): Tenant {
  if (!storeTenant.training) throw new RehearsalRefused(`NIT ${storeTenant.nit} no es un contribuyente de entrenamiento: el ensayo es solo para el entrenamiento`);
  const rehearsal = ensureRehearsalTenant(store, storeTenant, req.modalidad ?? storeTenant.modalidad);
  if (store.certification.openRun(rehearsal.id)) return rehearsal;
  const withoutType = req.sectors.filter((sector) => !invoiceTypeFor(sector, rehearsal.modalidad));
  if (withoutType.length > 0) throw new RehearsalRefused(`Kipu no emite el sector ${withoutType.join(', ')} en la modalidad ${rehearsal.modalidad === 1 ? 'electrónica' : 'computarizada'} del contribuyente`);
  return rehearsal;
}

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
    const rehearsal = rehearsalTenantFor(store, tenant, { sectors: req.sectors });
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
