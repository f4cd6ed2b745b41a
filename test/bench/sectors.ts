// Issue #12, Benchmark: a sector invoice must cost within 10 % of a compra-venta one. Each kind
// is issued in-process without sending (validate + number + CUF + XML from the layout + sign +
// gzip/hash + durable commit), one at a time, in alternating rounds so that drift of the machine
// affects both alike; CPU per invoice is compared.
import { performance } from 'node:perf_hooks';
import { startTestEngine } from '../fixtures/engine';
import { summarize, fmt } from './_stats';

const LINE = (i: number) => ({
  activityEconomic: '471110',
  codeProductSin: '99100',
  codeProduct: `P-${i}`,
  description: `Producto número ${i}`,
  quantity: 1 + i,
  unitMeasure: 57,
  priceUnit: 3.5 + i,
});

const KINDS: Record<string, (posId: string) => Record<string, unknown>> = {
  'compra-venta (1)': (posId) => ({ invoiceType: 'ELECTRONIC_SALE', ...common(posId) }),
  'sector educativo (11)': (posId) => ({ invoiceType: 'ELECTRONIC_SECTOR_EDUCATION', nameStudent: 'Ana Quispe Mamani', billedPeriod: 'NOVIEMBRE 2026', ...common(posId) }),
  'hospital (17), campos por línea': (posId) => ({
    invoiceType: 'ELECTRONIC_HOSPITAL',
    serviceMode: 'AMBULATORIO',
    ...common(posId),
    details: Array.from({ length: 10 }, (_, i) => ({ ...LINE(i), specialty: 'CARDIOLOGÍA', nameLastNameDoctor: 'Dra. Rosa Flores', nitDocumentDoctor: 4455667, nroOperatingRoom: 2 })),
  }),
};

function common(posId: string) {
  return {
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: '5115889',
    clientBusinessName: 'Cliente de prueba',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    details: Array.from({ length: 10 }, (_, i) => LINE(i)),
  };
}

const eng = await startTestEngine({}, undefined, { scheduler: false });
try {
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  const tenant = eng.store.tenants.byNit('7000123019')!;
  const pos = eng.store.pointsOfSale.byId(tenant.id, posId)!;
  await eng.codes.ensureCufd(tenant, pos);
  const issue = (b: Record<string, unknown>) => eng.invoicing.issue(tenant, pos, b as never, { usuario: 'bench', submit: false });
  for (const make of Object.values(KINDS)) for (let i = 0; i < 100; i++) await issue(make(posId));

  const cpu: Record<string, number> = {};
  const lat: Record<string, number[]> = {};
  const rounds = 5;
  const perRound = 300;
  for (let r = 0; r < rounds; r++) {
    for (const [name, make] of Object.entries(KINDS)) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < perRound; i++) {
        const s = performance.now();
        await issue(make(posId));
        (lat[name] ??= []).push(performance.now() - s);
      }
      const c = process.cpuUsage(c0);
      cpu[name] = (cpu[name] ?? 0) + (c.user + c.system) / 1000;
    }
  }
  const base = cpu['compra-venta (1)']! / (rounds * perRound);
  for (const name of Object.keys(KINDS)) {
    const per = cpu[name]! / (rounds * perRound);
    const s = summarize(lat[name]!);
    console.log(
      `${name.padEnd(34)} CPU ${per.toFixed(3)} ms/factura (${((per / base - 1) * 100).toFixed(1).padStart(5)} % frente a compra-venta), p50 ${fmt(s.p50)}, p99 ${fmt(s.p99)}  [meta: ≤ +10 %]`,
    );
  }
} finally {
  await eng.stop();
}
