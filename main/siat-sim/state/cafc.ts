// The CAFC booklets the SIN authorized per NIT (CONTRACT §5.3): code, number range and the dates
// the booklet may be used. SIAT checks transcribed manual invoices against them: 1045 CAFC not
// valid (unknown, another NIT's, or not the package's), 1046 date outside the booklet's, 1047
// number outside its range. Kept in memory (like the faults): the simulated taxpayers' booklets
// are there from the start, others come through POST /admin/cafc.
// Runs in: SIAT simulator only.
import { SIMULATED_TAXPAYERS, simulatedCafcOf } from '../training-taxpayer';

export interface CafcBooklet {
  codigo: string;
  /** First and last invoice number printed in the booklet. */
  desde: number;
  hasta: number;
  /** 'yyyy-MM-dd' (Bolivia): the first and last day the booklet may be used. */
  fechaDesde: string;
  fechaHasta: string;
}

export class CafcRegistry {
  private readonly byNit = new Map<string, Map<string, CafcBooklet>>();

  constructor() {
    for (const tp of SIMULATED_TAXPAYERS) {
      const booklet = simulatedCafcOf(String(tp.nit));
      if (booklet) this.add(String(tp.nit), booklet);
    }
  }

  add(nit: string, b: CafcBooklet): void {
    let m = this.byNit.get(nit);
    if (!m) this.byNit.set(nit, (m = new Map()));
    m.set(b.codigo, { ...b });
  }

  find(nit: string, codigo: string): CafcBooklet | undefined {
    return this.byNit.get(nit)?.get(codigo);
  }

  /**
   * SIAT's codes for one transcribed document of a package that declared `packageCafc`: its
   * <cafc> must be that booklet's, the booklet the NIT's (1045); its date (1046) and number (1047)
   * inside the booklet's.
   */
  check(nit: string, packageCafc: string, doc: { cafc: string | null; numero: number | null; fechaEmision: string | null }): number[] {
    const b = this.find(nit, packageCafc);
    if (!b || doc.cafc !== packageCafc) return [1045];
    const codes: number[] = [];
    const day = (doc.fechaEmision ?? '').slice(0, 10);
    if (!day || day < b.fechaDesde || day > b.fechaHasta) codes.push(1046);
    if (doc.numero === null || doc.numero < b.desde || doc.numero > b.hasta) codes.push(1047);
    return codes;
  }
}
