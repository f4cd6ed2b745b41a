// The till's screens: the one registry (issue 30, item 6). The navigation bar, the Alt+digit keys
// and what App renders all derive from this list, so adding a screen is one entry here plus its
// tests (docs/adding-a-screen.md). The bar shows them in this order.
import type { ComponentType } from 'react';
import { roleAtLeast, type Role } from '../../../shared/till-roles';
import { BatchesScreen } from '../batches/BatchesScreen';
import { BooksScreen } from '../books/BooksScreen';
import { BranchesScreen } from '../branches/BranchesScreen';
import { AuthorizationScreen } from '../certification/AuthorizationScreen';
import { CashScreen } from '../cash/CashScreen';
import { ConnectionScreen } from '../connection/ConnectionScreen';
import { InvoicesScreen } from '../invoices/InvoicesScreen';
import { ProductsScreen } from '../products/ProductsScreen';
import { PurchasesScreen } from '../purchases/PurchasesScreen';
import { SaleScreen } from '../sale/SaleScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { SyncScreen } from '../sync/SyncScreen';

/** The screens that are tabs of the bar. */
export function barScreens<S extends ScreenEntry>(screens: readonly S[]): S[] {
  return screens.filter((s) => s.inBar !== false);
}

/** The digit pressed with Alt to reach a screen. */
export type ScreenKey = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '0';

export interface ScreenEntry {
  /** Also the test ids: `nav-<id>` (its tab) and `screen-<id>` (the `<main>` showing it). */
  readonly id: string;
  /** What a cashier reads on the tab (es-BO). */
  readonly label: string;
  /**
   * The tab's name on windows narrower than 1500 px, so that every tab, the point of sale and
   * "Salir" fit at 1024×768 (issue 24, item 8); the full label stays as the tooltip.
   */
  readonly shortLabel?: string;
  /** Alt+<key> opens it from any screen; null: from the bar only (or from another screen: `inBar`). */
  readonly key: ScreenKey | null;
  /**
   * The least role that sees it (shared/till-roles.ts: cajero < supervisor < administrador).
   * An API key's session sees every screen (API keys are not held to roles, decision 0064); the
   * engine still refuses what the key's scopes do not allow.
   */
  readonly role: Role;
  /**
   * false: no tab; another screen opens it (components/screen-request.ts). For a screen used
   * rarely: the bar is full at 1024 px.
   */
  readonly inBar?: false;
  readonly Component: ComponentType;
}

export const SCREENS = [
  { id: 'ventas', label: 'Venta', key: '1', role: 'cajero', Component: SaleScreen },
  { id: 'productos', label: 'Productos', key: '2', role: 'cajero', Component: ProductsScreen },
  { id: 'facturas', label: 'Facturas', key: '3', role: 'cajero', Component: InvoicesScreen },
  { id: 'conexion', label: 'Estado de conexión', shortLabel: 'Conexión', key: '4', role: 'cajero', Component: ConnectionScreen },
  { id: 'sincronizacion', label: 'Sincronización', shortLabel: 'Sincron.', key: '5', role: 'cajero', Component: SyncScreen },
  // Every role sees Configuración and Sucursales: a cajero reads them, the engine refuses her
  // changes (the forms say the admin key is needed) — as before the registry.
  { id: 'configuracion', label: 'Configuración', shortLabel: 'Config.', key: '6', role: 'cajero', Component: SettingsScreen },
  // Sucursales came after the first six: appended so Alt+1…6 keep the screens cashiers already knew.
  { id: 'sucursales', label: 'Sucursales', key: '7', role: 'cajero', Component: BranchesScreen },
  { id: 'caja', label: 'Caja', key: '8', role: 'cajero', Component: CashScreen },
  { id: 'compras', label: 'Compras', key: '9', role: 'cajero', Component: PurchasesScreen },
  { id: 'libros', label: 'Libros', key: '0', role: 'cajero', Component: BooksScreen },
  // Every Alt+digit is taken, and an Alt+letter would collide with the desktop window's menu
  // accelerators: Lotes is reached from the bar only.
  { id: 'lotes', label: 'Lotes', key: null, role: 'cajero', Component: BatchesScreen },
  // The SIN's authorization tests and go-live checks (issue 29): the manager's, opened from Configuración.
  { id: 'autorizacion', label: 'Autorización SIN', key: null, role: 'administrador', inBar: false, Component: AuthorizationScreen },
] as const satisfies readonly ScreenEntry[];

export type ScreenId = (typeof SCREENS)[number]['id'];

/** The screen the till opens on, and falls back to when the current one is not the person's to see. */
export const HOME_SCREEN: ScreenId = 'ventas';

/** The screens a person with `role` sees (null: an API key's session, which sees them all), in the bar's order. */
export function visibleScreens<S extends ScreenEntry>(role: Role | null, screens: readonly S[]): S[] {
  return screens.filter((s) => role === null || roleAtLeast(role, s.role));
}

/** The screen Alt+<digit> opens among `screens`, or null (not a navigation key, or not one of theirs). */
export function screenForKey<S extends ScreenEntry>(e: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean }, screens: readonly S[]): S | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  return screens.find((s) => s.key !== null && s.key === e.key) ?? null;
}

/** "Alt+3", as the tab's tooltip and its aria-keyshortcuts say it; null without a key. */
export function shortcutOf(screen: ScreenEntry): string | null {
  return screen.key === null ? null : `Alt+${screen.key}`;
}
