// The screen registry (app/screens.ts, issue 30 item 6): the bar, the Alt keys and the screen
// shown all come from it, and a screen is seen only by the roles it names.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScreenEntry } from '../../../renderer/src/app/screens';

const { SCREENS, barScreens, screenForKey, visibleScreens } = await import('../../../renderer/src/app/screens');
const { useScreenRequest } = await import('../../../renderer/src/components/screen-request');
const { NavBar } = await import('../../../renderer/src/app/NavBar');
const { useNav } = await import('../../../renderer/src/app/nav-store');
const { useSettings } = await import('../../../renderer/src/settings/settings-store');

/** A supervisor's tab as a later change would add one: the registry plus one entry. */
const MANAGER_ONLY: ScreenEntry = { id: 'muestra', label: 'Muestra', key: null, role: 'supervisor', Component: () => null };
const CASHIERS = SCREENS.filter((s) => s.role === 'cajero').map((s) => s.id);
const WITH_MANAGER: readonly ScreenEntry[] = [...SCREENS, MANAGER_ONLY];

const alt = (key: string) => ({ key, altKey: true });

describe('the screen registry', () => {
  it('names each screen once, in Spanish, with at most one screen per Alt key', () => {
    const ids = SCREENS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = SCREENS.flatMap((s) => (s.key === null ? [] : [s.key]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of SCREENS) expect(s.label).toMatch(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ. ]+/);
  });

  it('keeps the keys cashiers know: Alt+1…8, Compras on Alt+9, Libros on Alt+0, Lotes from the bar only', () => {
    const opened = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map((k) => screenForKey(alt(k), SCREENS)?.id);
    expect(opened).toEqual(['ventas', 'productos', 'facturas', 'conexion', 'sincronizacion', 'configuracion', 'sucursales', 'caja', 'compras', 'libros']);
    expect(SCREENS.find((s) => s.id === 'lotes')?.key).toBeNull();
  });

  it('takes Alt+digit only: not a plain digit, not with Ctrl or Meta', () => {
    expect(screenForKey({ key: '3' }, SCREENS)).toBeNull();
    expect(screenForKey({ key: '3', altKey: true, ctrlKey: true }, SCREENS)).toBeNull();
    expect(screenForKey({ key: '3', altKey: true, metaKey: true }, SCREENS)).toBeNull();
    expect(screenForKey(alt('F2'), SCREENS)).toBeNull();
  });

  it('shows a manager screen to supervisors, administrators and API keys, never to a cajero', () => {
    const ids = (role: Parameters<typeof visibleScreens>[0]) => visibleScreens(role, WITH_MANAGER).map((s) => s.id);
    expect(ids('cajero')).not.toContain('muestra');
    expect(ids('cajero')).not.toContain('autorizacion');
    expect(ids('cajero')).toEqual(CASHIERS);
    expect(ids('supervisor')).toContain('muestra');
    expect(ids('supervisor')).not.toContain('autorizacion');
    expect(ids('administrador')).toEqual(expect.arrayContaining(['muestra', 'autorizacion']));
    expect(ids(null)).toEqual(WITH_MANAGER.map((s) => s.id));
  });

  it('does not open a screen by its key for a role that does not see it', () => {
    const keyed: ScreenEntry = { ...MANAGER_ONLY, key: '0' };
    const screens = [...SCREENS.filter((s) => s.key !== '0'), keyed];
    expect(screenForKey(alt('0'), visibleScreens('supervisor', screens))?.id).toBe('muestra');
    expect(screenForKey(alt('0'), visibleScreens('cajero', screens))).toBeNull();
  });
});

describe('the navigation bar', () => {
  const tabs = (html: string) => [...html.matchAll(/data-testid="nav-([a-z]+)"/g)].map((m) => m[1]);

  it('has one tab per screen the person sees, in the registry order, with its label and key', () => {
    const html = renderToStaticMarkup(createElement(NavBar, { screens: barScreens(visibleScreens('cajero', WITH_MANAGER)), current: 'facturas', onGo: () => undefined }));
    expect(tabs(html)).toEqual(CASHIERS);
    expect(html).toContain('aria-keyshortcuts="Alt+3" title="Facturas (Alt+3)" aria-label="Facturas"');
    expect(html).toMatch(/class="tab active" data-testid="nav-facturas" aria-current="page"/);
    // The short name on narrow windows, the full one beside it.
    expect(html).toContain('<span class="tab-long">Estado de conexión</span><span class="tab-short">Conexión</span>');
    // No key, no shortcut announced.
    expect(html).toMatch(/data-testid="nav-lotes" title="Lotes" aria-label="Lotes"/);
  });

  it("shows a supervisor the manager's tab, last", () => {
    const html = renderToStaticMarkup(createElement(NavBar, { screens: barScreens(visibleScreens('supervisor', WITH_MANAGER)), current: 'ventas', onGo: () => undefined }));
    expect(tabs(html).at(-1)).toBe('muestra');
  });

  it('has no tab for a screen another screen opens (Autorización SIN, from Configuración): the bar is full at 1024 px', () => {
    const html = renderToStaticMarkup(createElement(NavBar, { screens: barScreens(visibleScreens('administrador', SCREENS)), current: 'ventas', onGo: () => undefined }));
    expect(tabs(html)).not.toContain('autorizacion');
    useNav.setState({ screen: 'configuracion' });
    useScreenRequest.getState().open('autorizacion');
    expect(useNav.getState().screen).toBe('autorizacion');
    useScreenRequest.getState().open('no-existe');
    expect(useNav.getState().screen).toBe('autorizacion');
  });
});

describe('going to a section of Configuración from another screen', () => {
  beforeEach(() => useNav.setState({ screen: 'facturas' }));

  it('opens Configuración when a screen asks for one of its sections', () => {
    useSettings.getState().request('smtp');
    expect(useNav.getState().screen).toBe('configuracion');
    useSettings.getState().request(null);
    expect(useNav.getState().screen).toBe('configuracion');
  });
});
