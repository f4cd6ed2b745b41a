// Which screen is showing. Not persisted: the till always opens on Venta.
import { create } from 'zustand';
import { HOME_SCREEN, SCREENS, type ScreenId } from './screens';
import { useSettings } from '../settings/settings-store';
import { useScreenRequest } from '../components/screen-request';

interface NavState {
  screen: ScreenId;
  /** Bumped at every go, the current screen's own tab included: App puts the keyboard on the screen. */
  visit: number;
  go(screen: ScreenId): void;
}

export const useNav = create<NavState>()((set) => ({
  screen: HOME_SCREEN,
  visit: 0,
  go: (screen) => set((s) => ({ screen, visit: s.visit + 1 })),
}));

// A screen asks for one section of Configuración (Facturas → "Configurar el correo"): the till
// goes there, and SettingsScreen brings the section into view. Features do not import app/, so
// the request goes through the settings store rather than through this one.
useSettings.subscribe((s, prev) => {
  if (s.requested && s.requested !== prev.requested) useNav.getState().go('configuracion');
});

// A screen asks for another (components/screen-request.ts): one the registry knows. App sends a
// person back to Venta from a screen their role does not see.
useScreenRequest.subscribe((s, prev) => {
  const r = s.requested;
  if (!r || r === prev.requested) return;
  const known = SCREENS.find((e) => e.id === r.id);
  if (known) useNav.getState().go(known.id);
});
