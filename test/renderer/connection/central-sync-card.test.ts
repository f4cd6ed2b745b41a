// Estado de conexión's Kipu Central card (react-dom/server: the suite has no DOM).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CentralSyncCard } from '../../../renderer/src/connection/CentralSyncCard';

const render = (central: { lastPushAt: string | null; lastError: string | null; credentialRevoked: boolean }) => renderToStaticMarkup(createElement(CentralSyncCard, { central }));

describe('Kipu Central card', () => {
  it('synced: the last push in Bolivia time (UTC−4), no error', () => {
    const html = render({ lastPushAt: '2026-11-24T13:05:00.000Z', lastError: null, credentialRevoked: false });
    expect(html).toContain('Sincronizada');
    expect(html).toContain('Último envío: 24/11/2026 09:05');
    expect(html).not.toContain('central-sync-error');
  });

  it('an error: shown as it came, the last good push kept', () => {
    const html = render({ lastPushAt: null, lastError: 'Kipu Central no responde (ECONNREFUSED)', credentialRevoked: false });
    expect(html).toContain('Sin sincronizar');
    expect(html).toContain('ninguno todavía');
    expect(html).toContain('Kipu Central no responde (ECONNREFUSED)');
  });

  it('a revoked credential says so and what to do; sales go on', () => {
    const html = render({ lastPushAt: '2026-11-24T13:05:00.000Z', lastError: 'credencial revocada: Credencial de caja revocada el 24/11/2026 10:00', credentialRevoked: true });
    expect(html).toContain('Credencial revocada');
    expect(html).toContain('credencial nueva');
    expect(html).toContain('Las ventas siguen');
  });
});
