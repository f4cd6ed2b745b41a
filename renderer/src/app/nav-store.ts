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
};
