// Sucursales y puntos de venta rendered from the store's state (react-dom/server: the suite has
// no DOM), after the store's actions ran against the mocked engine calls.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EL_ALTO, MAIN } from './fixtures';

const api = vi.hoisted(() => ({
  branchOffices: vi.fn(),
  createBranchOffice: vi.fn(),
  closeBranchOffice: vi.fn(),
  createPos: vi.fn(),
  closePos: vi.fn(),
  pointsOfSale: vi.fn(),
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_BRANCHES_STATE, useBranches } = await import('../../../renderer/src/branches/branches-store');
const { BranchesView, branchesReadOnlyKeyText, branchesReadOnlyText } = await import('../../../renderer/src/branches/BranchesScreen');

/** The screen as this till (point of sale pos-0) sees it now. */
function render(over: { siatReachable?: boolean; readOnly?: string | null } = {}): string {
  return renderToStaticMarkup(createElement(BranchesView, { ...useBranches.getState(), tillPosId: 'pos-0', siatReachable: over.siatReachable ?? true, readOnly: over.readOnly ?? null }));
}

function count(html: string, testId: string): number {
  return html.split(`data-testid="${testId}"`).length - 1;
}

/** The text inside the element with this test id (first one), tags stripped. */
function textOf(html: string, testId: string): string {
  const at = html.indexOf(`data-testid="${testId}"`);
  if (at < 0) return '';
  const open = html.lastIndexOf('<', at);
  const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
  let depth = 0;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  re.lastIndex = open;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return decode(html.slice(open, m.index).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
  }
  return '';
}

function decode(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

beforeEach(() => {
  vi.clearAllMocks();
  useBranches.setState(INITIAL_BRANCHES_STATE);
  api.branchOffices.mockResolvedValue([MAIN, EL_ALTO]);
  api.pointsOfSale.mockResolvedValue([]);
});

describe('Sucursales y puntos de venta', () => {
  it('lists each branch with its points of sale; the casa matriz, PV 0 and this till are not offered for closing', async () => {
    api.branchOffices.mockResolvedValue([MAIN, { ...EL_ALTO, pos: [{ id: 'pos-6', code: 0, name: 'Caja principal' }, ...EL_ALTO.pos] }]);
    await useBranches.getState().load();
    const html = render();
    expect(count(html, 'branch-row')).toBe(2);
    expect(html).toContain('data-branch-id="2" data-siat-code="1"');
    expect(html).toContain('data-pos-id="pos-7" data-pos-code="1"');
    expect(textOf(html, 'branch-list')).toContain('Sucursal 1 Sucursal El Alto');
    expect(textOf(html, 'branch-list')).toContain('Av. Juan Pablo II 123 · El Alto');
    expect(textOf(html, 'branch-list')).toContain('Caja principal esta caja');
    expect(textOf(html, 'branch-list')).toContain('Caja principal Se cierra con la sucursal');
    // Only El Alto's branch and its point of sale 1 can be closed from here.
    expect(count(html, 'close-branch-button')).toBe(1);
    expect(count(html, 'close-pos-button')).toBe(1);
    expect(count(html, 'add-pos-button')).toBe(2);
    expect(html).not.toContain('data-testid="close-dialog"');
  });

  it('says so when the list cannot be read, and when there is nothing open', async () => {
    expect(render()).toContain('Cargando sucursales…');
    api.branchOffices.mockRejectedValueOnce(new ApiError(401, {}));
    await useBranches.getState().load();
    expect(textOf(render(), 'branches-error')).toBe('La clave de API no es válida o expiró. Ingrese nuevamente.');
    api.branchOffices.mockResolvedValueOnce([]);
    await useBranches.getState().load();
    expect(render()).toContain('No hay sucursales abiertas.');
  });

  it("shows the new branch's validation errors, then the engine's refusal, in Spanish", async () => {
    useBranches.getState().setBranchDraft({ name: 'Sucursal Sur', municipality: 'La Paz' });
    await useBranches.getState().createBranch();
    let html = render();
    expect(textOf(html, 'branch-form-errors')).toBe('Dirección: es obligatorio. Ciudad: es obligatorio.');
    expect(html).toContain('role="alert"');
    // What was typed stays in the fields.
    expect(html).toMatch(/data-testid="branch-name"[^>]*value="Sucursal Sur"/);

    useBranches.getState().setBranchDraft({ address: 'Calle 21 de Calacoto', city: 'La Paz' });
    api.createBranchOffice.mockRejectedValue(new ApiError(409, { code: 'CONFLICT', detail: 'Ya hay una sucursal abierta con el nombre "Sucursal Sur"' }));
    await useBranches.getState().createBranch();
    html = render();
    expect(textOf(html, 'branch-form-errors')).toBe('Ya hay una sucursal abierta con el nombre "Sucursal Sur"');
    expect(count(html, 'branch-ok')).toBe(0);
  });

  it('offers the six SIAT point-of-sale types and the open branches', async () => {
    await useBranches.getState().load();
    const html = render();
    const types = [...textOf(html, 'pos-type').matchAll(/(\d) – /g)].map((m) => Number(m[1]));
    expect(types).toEqual([1, 2, 3, 4, 5, 6]);
    expect(textOf(html, 'pos-type')).toContain('2 – PUNTO VENTA VENTANILLA DE COBRANZA');
    expect(textOf(html, 'pos-type')).toContain('6 – PUNTO DE VENTA CONJUNTA');
    expect(textOf(html, 'pos-branch')).toBe('— Elija la sucursal — 0 – CASA MATRIZ 1 – Sucursal El Alto');
  });

  it("shows SIAT's code and message unchanged when SIAT rejects the point of sale", async () => {
    api.createPos.mockRejectedValue(
      new ApiError(422, {
        code: 'SIAT_REJECTED',
        detail: 'SIAT 947: EL TIPO DE PUNTO DE VENTA NO ES VALIDO',
        siatCode: 947,
        siatMessages: [{ codigo: 947, descripcion: 'EL TIPO DE PUNTO DE VENTA NO ES VALIDO' }],
      }),
    );
    useBranches.getState().setPosDraft({ branchId: '2', type: '4', name: 'Surtidor', description: 'Surtidor 1' });
    await useBranches.getState().registerPos();
    expect(textOf(render(), 'pos-form-errors')).toBe('SIAT 947: EL TIPO DE PUNTO DE VENTA NO ES VALIDO');
  });

  it('warns before registering while SIAT does not answer, and says why it failed (503)', async () => {
    expect(render({ siatReachable: false })).toContain('El SIAT no responde ahora');
    api.createPos.mockRejectedValue(new ApiError(503, {}));
    useBranches.getState().setPosDraft({ branchId: '2', type: '5', name: 'Caja 2', description: 'Caja 2' });
    await useBranches.getState().registerPos();
    expect(textOf(render(), 'pos-form-errors')).toBe(
      'Registrar un punto de venta requiere el SIAT en línea, y el SIAT no responde en este momento. Intente de nuevo cuando vuelva la conexión.',
    );
  });

  it('asks for confirmation before closing (Enter confirms, Esc goes back) and shows a refusal inside the dialog', async () => {
    await useBranches.getState().load();
    useBranches.getState().askClose({ kind: 'pos', id: 'pos-7', code: 1, name: 'Caja El Alto', branchName: 'Sucursal El Alto' });
    let html = render();
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-label="¿Cerrar el punto de venta?"');
    expect(html).toContain('data-kind="pos"');
    expect(textOf(html, 'close-dialog-body')).toContain('Punto de venta 1 "Caja El Alto" de la sucursal "Sucursal El Alto"');
    expect(textOf(html, 'confirm-close-button')).toBe('Sí, cerrar el punto de venta (Enter)');
    expect(textOf(html, 'keep-open-button')).toBe('No, volver (Esc)');
    // The focus goes to the confirming button (Modal focuses button.primary).
    expect(html).toMatch(/class="primary danger"[^>]*data-testid="confirm-close-button"/);
    expect(api.closePos).not.toHaveBeenCalled();

    api.closePos.mockRejectedValue(new ApiError(409, { code: 'CONFLICT', detail: 'Hay un evento de contingencia sin cerrar en el punto de venta 1' }));
    await useBranches.getState().confirmClose();
    html = render();
    expect(html).toContain('data-testid="close-dialog"');
    expect(textOf(html, 'close-errors')).toBe('Hay un evento de contingencia sin cerrar en el punto de venta 1');

    useBranches.getState().cancelClose();
    html = render();
    expect(html).not.toContain('data-testid="close-dialog"');
    expect(count(html, 'pos-row')).toBe(2);

    api.closePos.mockResolvedValue({});
    api.branchOffices.mockResolvedValue([MAIN, { ...EL_ALTO, pos: [] }]);
    useBranches.getState().askClose({ kind: 'pos', id: 'pos-7', code: 1, name: 'Caja El Alto', branchName: 'Sucursal El Alto' });
    await useBranches.getState().confirmClose();
    html = render();
    expect(html).not.toContain('data-testid="close-dialog"');
    expect(textOf(html, 'close-ok')).toBe('Punto de venta 1 "Caja El Alto" cerrado.');
    expect(count(html, 'branch-no-pos')).toBe(1);
  });

  it('asks before closing a branch too', async () => {
    await useBranches.getState().load();
    useBranches.getState().askClose({ kind: 'branch', branchId: 2, siatCode: 1, name: 'Sucursal El Alto' });
    const html = render();
    expect(html).toContain('aria-label="¿Cerrar la sucursal?"');
    expect(html).toContain('data-kind="branch"');
    expect(textOf(html, 'confirm-close-button')).toBe('Sí, cerrar la sucursal (Enter)');
  });

  it('warns when two open points of sale share a name, in the list and while the new one is typed (issue 24, item 17)', () => {
    const twin = { ...EL_ALTO, pos: [...EL_ALTO.pos, { id: 'pos-8', code: 2, name: ' caja  principal ' }] };
    useBranches.setState({ branches: [MAIN, twin], loaded: true });
    let html = render();
    expect(count(html, 'pos-same-name')).toBe(2);
    expect(textOf(html, 'pos-same-name')).toBe('nombre repetido');
    expect(decode(html)).toMatch(/title="Mismo nombre que el punto de venta 2 de la sucursal 1 \(Sucursal El Alto\): en la caja se verían iguales/);
    expect(count(html, 'pos-name-taken')).toBe(0);

    useBranches.setState({ branches: [MAIN, EL_ALTO], posDraft: { branchId: '2', type: '5', name: 'CAJA EL ALTO', description: 'x' } });
    html = render();
    expect(count(html, 'pos-same-name')).toBe(0);
    expect(textOf(html, 'pos-name-taken')).toMatch(/Ya existe un punto de venta llamado «CAJA EL ALTO»: el punto de venta 1 de la sucursal 1 \(Sucursal El Alto\)/);
  });

  it('a cashier reads the branches, with no form or button that would fail on submit, and is told who changes them (a fresh walk, issue 30)', async () => {
    await useBranches.getState().load();
    const admin = render();
    expect(count(admin, 'branch-form')).toBe(1);
    const reason = branchesReadOnlyText({ name: 'Carla Cajera', role: 'cajero' });
    const html = render({ readOnly: reason });
    for (const id of ['branch-form', 'pos-form', 'add-pos-button', 'close-branch-button', 'close-pos-button', 'pos-document']) expect(count(html, id), id).toBe(0);
    expect(textOf(html, 'branches-read-only')).toContain('lo hace un administrador; Carla Cajera es cajero. Aquí puede consultarlos.');
    // A till entered with a key that is not an admin key (the screen asks the engine which): the same.
    const keyed = render({ readOnly: branchesReadOnlyKeyText({ name: 'Caja 2' }) });
    for (const id of ['branch-form', 'pos-form', 'add-pos-button', 'close-branch-button', 'close-pos-button', 'pos-document']) expect(count(keyed, id), id).toBe(0);
    expect(textOf(keyed, 'branches-read-only')).toContain('esta caja entró con la clave de API «Caja 2», que no es de administración. Aquí puede consultarlos.');
    // What each point of sale sells is still shown, as text.
    expect(textOf(html, 'branch-list')).toContain('Compra-venta (según la modalidad)');
    expect(count(html, 'branch-row')).toBe(2);
  });
});
