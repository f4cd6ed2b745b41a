// The simulator clock: SIAT's clock as the simulator shows it (what sincronizarFechaHora answers,
// what CUIS/CUFD validity and reception windows are measured on). /admin/clock skews it.
// Runs in: SIAT simulator only.

export class SimClock {
  /** Admin clock skew: simulator clock = base clock + skew. */
  skewMs = 0;

  constructor(private readonly baseNow: () => Date) {}

  now(): Date {
    return new Date(this.baseNow().getTime() + this.skewMs);
  }

  /** Sets the clock so that it reads `date` now and keeps running from there. */
  set(date: Date): void {
    this.skewMs = date.getTime() - this.baseNow().getTime();
  }
}
