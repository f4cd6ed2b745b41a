// The training mode's demo store (issue 17): about 200 products with barcodes, units and SIN codes
// taken from the simulator's own catalogs (so every sale validates), a few clients and a printer
// preset, so a new cashier can sell at once. Generated here, deterministically (same products,
// codes, barcodes and prices on every machine), never copied from elsewhere. Loaded when the
// training tenant is set up; removed in one step (DELETE /api/v1/training/demo-store, or
// `npm run admin -- demo remove`), and not loaded again once removed.
import type { Store } from '../store/store';
import type { ProductInput } from '../store/products';
import { PRODUCTOS_SERVICIOS } from '../siat-sim/catalog-data/products';
import { ACTIVIDAD } from '../siat-sim/catalog-data/activities';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../shared/api/printing';
import type { Cents } from '../../shared/money';
import { VIRTUAL_PRINTER_INTERFACE } from '../printing/settings';
import { hashPinSync } from '../till-users/pin-hash';
import type { Role } from '../../shared/till-roles';

/** Every demo product's code starts with this: that is how removal finds them. */
export const DEMO_CODE_PREFIX = 'DEMO-';
export const DEMO_PRODUCT_COUNT = 200;
/** Settings key: the demo store was loaded (ISO time) or removed (never loaded again). */
const DEMO_STATE_KEY = 'training.demoStore';

/** SIAT unidadMedida codes (sincronizarParametricaUnidadMedida, the simulator's catalog). */
const UNIT = { KILOGRAMO: 22, LITRO: 28, BOTELLAS: 5, LATAS: 26, PAQUETE: 42, BOLSA: 4, CAJA: 6, UNIDAD: 57 } as const;

/** Sizes and their unit, chosen by words of the SIN description. */
const VARIANTS: readonly { match: RegExp; sizes: readonly [label: string, unit: number, baseCents: number][] }[] = [
  { match: /LECHE LIQUIDA|JUGOS|ACEITES|LAVANDINA|DETERGENTES/, sizes: [['1 L', UNIT.LITRO, 1200], ['2 L', UNIT.LITRO, 2200], ['500 ml', UNIT.BOTELLAS, 700], ['3 L', UNIT.LITRO, 3100]] },
  { match: /AGUA|GASEOSAS|BEBIDAS|CERVEZA|VINOS|SINGANI/, sizes: [['600 ml', UNIT.BOTELLAS, 600], ['2 L', UNIT.BOTELLAS, 1300], ['lata 355 ml', UNIT.LATAS, 700], ['1 L', UNIT.BOTELLAS, 1000]] },
  { match: /HARINA|ARROZ|AZUCAR|SAL DE MESA|FIDEOS|SEMOLA/, sizes: [['1 kg', UNIT.KILOGRAMO, 900], ['5 kg', UNIT.BOLSA, 4200], ['500 g', UNIT.PAQUETE, 550], ['2 kg', UNIT.BOLSA, 1750]] },
  { match: /HUEVOS/, sizes: [['maple 30 u.', UNIT.CAJA, 3000], ['6 u.', UNIT.PAQUETE, 700], ['12 u.', UNIT.PAQUETE, 1300], ['unidad', UNIT.UNIDAD, 120]] },
];
const DEFAULT_SIZES: readonly [string, number, number][] = [['unidad', UNIT.UNIDAD, 800], ['paquete', UNIT.PAQUETE, 1500], ['chico', UNIT.UNIDAD, 500], ['grande', UNIT.UNIDAD, 1900]];
const BRANDS = ['Illimani', 'Sajama', 'Titicaca', 'Tunari', 'Chiquitano', 'Pilcomayo', 'Mururata', 'Huayna'] as const;

/** A small linear congruential generator: the same "random" prices on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** EAN-13 with the GS1 check digit, under Bolivia's prefix 777. */
export function ean13(n: number): string {
  const body = `777${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The ~200 demo products: deterministic, with the simulator's activities, SIN codes and units. */
export function demoProducts(): ProductInput[] {
  const rand = lcg(17);
  const rows = [ACTIVIDAD.MINIMERCADO, ACTIVIDAD.ARTICULOS_HOGAR].flatMap((act) =>
    PRODUCTOS_SERVICIOS.filter((p) => p.codigoActividad === act && p.codigoProducto !== 99100).map((p) => ({ act, p })),
  );
  const out: ProductInput[] = [];
  for (let round = 0; out.length < DEMO_PRODUCT_COUNT && round < 8; round++) {
    for (const { act, p } of rows) {
      if (out.length >= DEMO_PRODUCT_COUNT) break;
      const sizes = VARIANTS.find((v) => v.match.test(p.descripcionProducto))?.sizes ?? DEFAULT_SIZES;
      const [size, unit, base] = sizes[round % sizes.length]!;
      const brand = BRANDS[(round + p.codigoProducto) % BRANDS.length]!;
      const name = p.descripcionProducto.split(/[,(]/)[0]!.trim().toLowerCase();
      const n = out.length + 1;
      // ±30 % around the base price, rounded to 10 centavos.
      const price = Math.max(100, Math.round((base * (0.7 + 0.6 * rand())) / 10) * 10) as Cents;
      out.push({
        code: `${DEMO_CODE_PREFIX}${String(n).padStart(4, '0')}`,
        barcode: ean13(n),
        description: `${name.charAt(0).toUpperCase()}${name.slice(1)} ${brand} ${size}`.slice(0, 500),
        priceCents: price,
        unitMeasure: unit,
        activityEconomic: act,
        codeProductSin: String(p.codigoProducto),
      });
    }
  }
  return out;
}

/** A few clients the cashier's suggestions offer (code prefixed like the products). */
export const DEMO_CLIENTS = [
  { docType: 1, docNumber: '4789123', complement: null, name: 'MARIA QUISPE MAMANI', code: 'DEMO-C1', email: null },
  { docType: 1, docNumber: '6012345', complement: '1A', name: 'JUAN CARLOS FLORES', code: 'DEMO-C2', email: 'jcflores@example.bo' },
  { docType: 5, docNumber: '1020304019', complement: null, name: 'RESTAURANTE EL PUENTE S.R.L.', code: 'DEMO-C3', email: 'compras@example.bo' },
  { docType: 2, docNumber: 'E-123456', complement: null, name: 'ANA SOUZA', code: 'DEMO-C4', email: null },
  { docType: 1, docNumber: '3344556', complement: null, name: 'ROBERTO CHOQUE', code: 'DEMO-C5', email: null },
] as const;

/**
 * The virtual printer (issue 24, item 7): each ticket is a file in the data directory and shows on
 * the till's screen, its drawer is virtual too. Training never reaches the store's network (it
 * used to be tcp://192.168.1.100:9100, connected on every cash sale and reprint).
 */
export const DEMO_PRINTER: PrinterSettings = { ...DEFAULT_PRINTER_SETTINGS, interface: VIRTUAL_PRINTER_INTERFACE, drawerKick: true, printOnIssue: true };

/**
 * The demo store's people (issue 27): a cashier and a supervisor, so a trainee practises the PIN
 * login and a supervisor's approval. Their PINs are published (README; the login screen shows
 * them in training only). Removing the demo store deactivates them (nobody is deleted).
 */
export const DEMO_USERS: readonly { login: string; name: string; role: Role; pin: string }[] = [
  { login: 'cajero', name: 'Carla Cajera (demo)', role: 'cajero', pin: '1234' },
  { login: 'supervisor', name: 'Sergio Supervisor (demo)', role: 'supervisor', pin: '9999' },
];

/** Creates the demo people that are missing (a demo store loaded by an older version has none). */
function ensureDemoUsers(store: Store, tenantId: string, at: string): void {
  for (const u of DEMO_USERS) {
    if (store.tillUsers.byLogin(tenantId, u.login)) continue;
    store.tillUsers.create(tenantId, { login: u.login, name: u.name, role: u.role, pin: hashPinSync(u.pin) }, at);
  }
}

export interface DemoStoreState {
  loaded: boolean;
  removed: boolean;
  products: number;
}

/** Loads the demo store once per tenant, in one transaction; never after it was removed. */
export function loadDemoStore(store: Store, tenantId: string, now: () => Date = () => new Date()): DemoStoreState {
  const state = store.settings.get<{ loadedAt?: string; removedAt?: string }>(tenantId, DEMO_STATE_KEY);
  if (state?.removedAt) return demoStoreState(store, tenantId);
  if (state?.loadedAt) {
    store.transaction(() => ensureDemoUsers(store, tenantId, now().toISOString()));
    return demoStoreState(store, tenantId);
  }
  store.transaction(() => {
    const at = now().toISOString();
    const rows = demoProducts().map((input, i) => ({ line: i + 1, input }));
    const r = store.products.upsertByCode(tenantId, rows);
    if (r.errors.length > 0) throw new Error(`demo store: ${r.errors[0]!.message}`);
    for (const c of DEMO_CLIENTS) store.clients.remember(tenantId, { ...c }, at);
    if (store.settings.get(tenantId, 'printer') === null) store.settings.set(tenantId, 'printer', DEMO_PRINTER);
    ensureDemoUsers(store, tenantId, at);
    store.settings.set(tenantId, DEMO_STATE_KEY, { loadedAt: at });
  });
  return demoStoreState(store, tenantId);
}

/** Removes the demo products and clients and deactivates the demo people in one step (the printer stays as the user left it). */
export function removeDemoStore(store: Store, tenantId: string, now: () => Date = () => new Date()): { products: number; clients: number } {
  return store.transaction(() => {
    const products = store.products.removeByCodePrefix(tenantId, DEMO_CODE_PREFIX);
    const clients = store.clients.removeByCodePrefix(tenantId, DEMO_CODE_PREFIX);
    // The demo people stop working (their PINs are published); their acts keep their names.
    const at = now().toISOString();
    for (const u of DEMO_USERS) {
      const found = store.tillUsers.byLogin(tenantId, u.login);
      if (found?.active && found.name === u.name) {
        store.tillUsers.update(tenantId, found.id, { active: false }, at);
        store.tillUsers.endSessionsOf(tenantId, found.id, at, 'tienda de demostración quitada');
      }
    }
    store.settings.set(tenantId, DEMO_STATE_KEY, { removedAt: now().toISOString() });
    return { products, clients };
  });
}

export function demoStoreState(store: Store, tenantId: string): DemoStoreState {
  const state = store.settings.get<{ loadedAt?: string; removedAt?: string }>(tenantId, DEMO_STATE_KEY);
  return { loaded: !!state?.loadedAt, removed: !!state?.removedAt, products: store.products.countByCodePrefix(tenantId, DEMO_CODE_PREFIX) };
}
