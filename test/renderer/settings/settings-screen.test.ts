// Configuración rendered from the store's access (react-dom/server: the suite has no DOM).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { SettingsView } = await import('../../../renderer/src/settings/SettingsScreen');
const { ADMIN_SCOPE_NEEDED, SMTP_ADMIN_NEEDED } = await import('../../../renderer/src/settings/settings-store');

function has(html: string, testId: string): boolean {
  return html.includes(`data-testid="${testId}"`);
}

describe('Configuración', () => {
  it('with a till key: one notice in place of the administrator’s sections, the till’s preferences still there', () => {
    const html = renderToStaticMarkup(createElement(SettingsView, { access: 'forbidden' }));
    expect(has(html, 'settings-forbidden')).toBe(true);
    expect(html).toContain(ADMIN_SCOPE_NEEDED);
    for (const id of ['settings-taxpayer', 'settings-siat', 'settings-certificate', 'settings-printer', 'settings-logo', 'settings-api-keys', 'taxpayer-nit']) {
      expect(has(html, id), id).toBe(false);
    }
    expect(has(html, 'settings-till')).toBe(true);
    expect(has(html, 'pref-key-hints')).toBe(true);
  });

  it('with an admin key: every section, no notice', () => {
    const html = renderToStaticMarkup(createElement(SettingsView, { access: 'ready' }));
    for (const id of ['settings-taxpayer', 'settings-siat', 'settings-certificate', 'settings-printer', 'settings-logo', 'settings-smtp', 'smtp-host', 'smtp-save', 'settings-api-keys', 'settings-till', 'taxpayer-nit']) {
      expect(has(html, id), id).toBe(true);
    }
    expect(has(html, 'settings-forbidden')).toBe(false);
  });

  it('Correo with a till key (sent from Facturas): says the SMTP server needs the administration key', () => {
    const html = renderToStaticMarkup(createElement(SettingsView, { access: 'forbidden', requested: 'smtp' }));
    expect(has(html, 'settings-forbidden-smtp')).toBe(true);
    expect(html).toContain(SMTP_ADMIN_NEEDED);
    expect(SMTP_ADMIN_NEEDED).toMatch(/clave de administración/);
    expect(has(html, 'settings-smtp')).toBe(false);
    // Not asked for Correo: the general notice only.
    expect(has(renderToStaticMarkup(createElement(SettingsView, { access: 'forbidden' })), 'settings-forbidden-smtp')).toBe(false);
  });
});
