// Which screen is showing. Not persisted: the till always opens on Venta.
import { create } from 'zustand';
import type { NavTarget } from '../sale/keymap';

interface NavState {
  screen: NavTarget;
  go(screen: NavTarget): void;
}

export const useNav = create<NavState>()((set) => ({
  screen: 'ventas',
  go: (screen) => set({ screen }),
}));

export const SCREEN_LABELS: Record<NavTarget, string> = {
  ventas: 'Venta',
  productos: 'Productos',
  facturas: 'Facturas',
  conexion: 'Estado de conexión',
  sincronizacion: 'Sincronización',
  configuracion: 'Configuración',
  sucursales: 'Sucursales',
  caja: 'Caja',
  compras: 'Compras',
  libros: 'Libros',
  lotes: 'Lotes',
  autorizacion: 'Autorización SIN',
};

/**
 * Shorter names the top bar shows on narrow windows (narrower than 1500 px), so that every screen,
 * the point of sale and "Salir" fit at 1024×768 (issue 24, item 8); the full name stays as the
 * tab's tooltip.
 */
export const SCREEN_SHORT_LABELS: Partial<Record<NavTarget, string>> = {
  conexion: 'Conexión',
  sincronizacion: 'Sincron.',
  configuracion: 'Config.',
};
