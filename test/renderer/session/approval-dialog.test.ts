// The supervisor's approval dialog and the held-sales list as a cashier sees them (issue 27):
// what needs approval in the engine's words (without its hint at the headers), the engine's
// refusal; each waiting sale with who left it, its wait and its total. And the prompt: one dialog
// at a time, a request that gave way does not close the newer one's dialog.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/src/api/errors';
import { approvalPrompt, useApproval } from '../../../renderer/src/session/approval-store';
import { ApprovalView } from '../../../renderer/src/session/ApprovalDialog';
import { ParkedSalesView } from '../../../renderer/src/parked/ParkedSalesDialog';
import { toBoliviaIso } from '../../../shared/time';

const need = new ApiError(403, {
  code: 'ROLE_REQUIRED',
  detail: 'Para anular una factura hace falta el rol «supervisor»; Carla Cajera es cajero. Pida a un supervisor que apruebe con su usuario y PIN (cabeceras X-Supervisor-User y X-Supervisor-Pin).',
});

describe('approval dialog', () => {
  it('says what needs approval and, asked again, the engine’s refusal', async () => {
    const view = () => {
      const s = useApproval.getState();
      return s.need === null ? '' : renderToStaticMarkup(createElement(ApprovalView, { need: s.need, role: s.role, refusal: s.refusal, busy: s.busy, seq: s.seq }));
    };
    expect(view()).toBe('');
    const first = approvalPrompt.ask(need, null);
    let html = view();
    expect(html).toContain('Aprobación de un supervisor');
    expect(html).toContain('Para anular una factura hace falta el rol «supervisor»; Carla Cajera es cajero.');
    expect(html).not.toContain('X-Supervisor');
    expect(html).toContain('data-testid="approval-pin"');
    expect(html).not.toContain('data-testid="approval-error"');
    useApproval.getState().submit({ user: 'sergio', pin: '1111' });
    await expect(first).resolves.toEqual({ user: 'sergio', pin: '1111' });

    const again = approvalPrompt.ask(need, new ApiError(403, { code: 'WRONG_PIN', detail: 'PIN incorrecto para «sergio». Quedan 4 intentos antes de que el usuario se bloquee.' }));
    html = view();
    expect(html).toContain('PIN incorrecto para «sergio». Quedan 4 intentos');
    useApproval.getState().cancel();
    await expect(again).resolves.toBeNull();
    approvalPrompt.done(null);
    expect(useApproval.getState().need).toBeNull();
  });

  it('names the role the engine says must approve, not always «supervisor» (a fresh walk, issue 30)', async () => {
    const admin = new ApiError(403, {
      code: 'ROLE_REQUIRED',
      detail: 'Para administrar la tienda (configuración, claves, usuarios) hace falta el rol «administrador»; Sergio Supervisor es supervisor. Pida a un administrador que lo apruebe aquí mismo con su usuario y su PIN.',
      neededRole: 'administrador',
    });
    const asked = approvalPrompt.ask(admin, null);
    const s = useApproval.getState();
    const html = renderToStaticMarkup(createElement(ApprovalView, { need: s.need!, role: s.role, refusal: s.refusal, busy: s.busy, seq: s.seq }));
    expect(html).toContain('Aprobación de un administrador');
    expect(html).toContain('Usuario del administrador');
    expect(html).toContain('El administrador escribe su usuario y su PIN aquí');
    expect(html).not.toMatch(/supervisor escribe|Usuario del supervisor|de un supervisor/);
    useApproval.getState().cancel();
    await expect(asked).resolves.toBeNull();
    approvalPrompt.done(null);
  });

  it('a request that gave way to a newer one does not close the newer one’s dialog', async () => {
    const older = approvalPrompt.ask(need, null);
    const newer = approvalPrompt.ask(need, null);
    await expect(older).resolves.toBeNull();
    approvalPrompt.done(null); // the older request ends
    expect(useApproval.getState().need).not.toBeNull();
    useApproval.getState().cancel();
    await expect(newer).resolves.toBeNull();
    approvalPrompt.done(null);
    expect(useApproval.getState().need).toBeNull();
  });
});

describe('held sales list', () => {
  it('shows each waiting sale with who left it, how long it has waited and its total', () => {
    const parkedAt = toBoliviaIso(new Date(Date.now() - 12 * 60_000));
    const html = renderToStaticMarkup(
      createElement(ParkedSalesView, {
        loading: false,
        busy: false,
        error: null,
        selected: 0,
        list: [
        {
          id: 'ps1', posId: 'pos-0', status: 'WAITING', parkedBy: 'Carla Cajera', label: 'Juan Quispe', lineCount: 2, total: 44.7,
            lines: [], additionalDiscount: 0, draft: {}, parkedAt, recalledAt: null, recalledBy: null,
          },
        ],
      }),
    );
    expect(html).toContain('Juan Quispe');
    expect(html).toContain('Carla Cajera');
    expect(html).toMatch(/hace 1[23] min/);
    expect(html).toContain('Bs 44,70');
  });
});
