import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EL_ALTO, MAIN } from './fixtures';

const api = vi.hoisted(() => ({
  branchOffices: vi.fn(),
  createBranchOffice: vi.fn(),
  closeBranchOffice: vi.fn(),
  createPos: vi.fn(),
  closePos: vi.fn(),
  pointsOfSale: vi.fn(),
  currentKey: vi.fn(),
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_BRANCHES_STATE, POS_NEEDS_SIAT, POS_OUTCOME_UNKNOWN, useBranches } = await import('../../../renderer/src/branches/branches-store');
const { useSession } = await import('../../../renderer/src/session/session-store');

beforeEach(() => {
  vi.clearAllMocks();
  useBranches.setState(INITIAL_BRANCHES_STATE);
  useSession.setState({ posId: 'pos-0', pointsOfSale: [], phase: 'ready' });
  api.branchOffices.mockResolvedValue([MAIN, EL_ALTO]);
  api.pointsOfSale.mockResolvedValue([]);
  api.currentKey.mockResolvedValue({ name: 'Caja 2', prefix: 'ab12cd34', scopes: ['till'] });
});

describe('branches: who may change them', () => {
  it('a till entered with a key asks the engine which key it is: a till key sees the screen read-only', async () => {
    useSession.setState({ person: null });
    await useBranches.getState().enter();
    expect(api.currentKey).toHaveBeenCalledTimes(1);
    expect(useBranches.getState().tillKey).toEqual({ name: 'Caja 2', admin: false });
    api.currentKey.mockResolvedValue({ name: 'Dueño', prefix: 'ff00ee11', scopes: ['admin', 'till'] });
    await useBranches.getState().enter();
    expect(useBranches.getState().tillKey).toEqual({ name: 'Dueño', admin: true });
  });

  it('a person’s session is judged by the person’s role, not asked again; an engine that does not say leaves the forms to the engine’s refusal', async () => {
    useSession.setState({ person: { id: 'u1', login: 'carla', name: 'Carla Cajera', role: 'cajero' } as never });
    await useBranches.getState().enter();
    expect(api.currentKey).not.toHaveBeenCalled();
    expect(useBranches.getState().tillKey).toBeNull();
    useSession.setState({ person: null });
    api.currentKey.mockRejectedValue(new ApiError(0, {}));
    await useBranches.getState().enter();
    expect(useBranches.getState().tillKey).toBeNull();
  });
});

describe('branches: list', () => {
  it('loads the open branches with their points of sale', async () => {
    await useBranches.getState().load();
    const s = useBranches.getState();
    expect(s.loaded).toBe(true);
    expect(s.branches.map((b) => [b.siatCode, b.name, b.pos.map((p) => p.code)])).toEqual([
      [0, 'CASA MATRIZ', [0]],
      [1, 'Sucursal El Alto', [1]],
    ]);
  });

  it('shows a failed load in Spanish', async () => {
    api.branchOffices.mockRejectedValue(new ApiError(0, {}));
    await useBranches.getState().load();
    expect(useBranches.getState().loadErrors[0]).toMatch(/No se pudo conectar con el motor de Kipu/);
  });
});

describe('branches: new branch', () => {
  it('refuses blank required fields without calling the engine', async () => {
    useBranches.getState().setBranchDraft({ name: '  ', municipality: 'Cochabamba', phone: '4440000' });
    expect(await useBranches.getState().createBranch()).toBeNull();
    expect(api.createBranchOffice).not.toHaveBeenCalled();
    expect(useBranches.getState().branchForm.errors).toEqual(['Nombre: es obligatorio.', 'Dirección: es obligatorio.', 'Ciudad: es obligatorio.']);
  });

  it('refuses a field longer than the engine accepts', async () => {
    useBranches.getState().setBranchDraft({ name: 'N'.repeat(101), municipality: 'M', address: 'A', city: 'C' });
    await useBranches.getState().createBranch();
    expect(useBranches.getState().branchForm.errors).toEqual(['Nombre: admite hasta 100 caracteres.']);
  });

  it('sends the trimmed branch, says which SIAT code to check in the padrón and offers it for a point of sale', async () => {
    api.createBranchOffice.mockResolvedValue({ ...EL_ALTO, pos: [] });
    useBranches.getState().setBranchDraft({
      name: ' Sucursal El Alto ',
      municipality: 'El Alto',
      address: 'Av. Juan Pablo II 123',
      city: 'El Alto',
      description: ' Ceja ',
    });
    const b = await useBranches.getState().createBranch();
    expect(b?.branchId).toBe(2);
    expect(api.createBranchOffice).toHaveBeenCalledWith({
      name: 'Sucursal El Alto',
      municipality: 'El Alto',
      address: 'Av. Juan Pablo II 123',
      city: 'El Alto',
      phone: '',
      description: 'Ceja',
    });
    const s = useBranches.getState();
    expect(s.branchForm.ok).toMatch(/código de sucursal 1\. Verifique que coincida con el padrón del SIN/);
    expect(s.branchDraft.name).toBe('');
    expect(s.posDraft.branchId).toBe('2');
    expect(api.branchOffices).toHaveBeenCalled();
  });

  it("shows the engine's refusal in Spanish and keeps what was typed", async () => {
    api.createBranchOffice.mockRejectedValue(new ApiError(409, { code: 'CONFLICT', detail: 'Ya hay una sucursal abierta con el nombre "Sucursal El Alto"' }));
    useBranches.getState().setBranchDraft({ name: 'Sucursal El Alto', municipality: 'El Alto', address: 'X', city: 'El Alto' });
    await useBranches.getState().createBranch();
    expect(useBranches.getState().branchForm.errors).toEqual(['Ya hay una sucursal abierta con el nombre "Sucursal El Alto"']);
    expect(useBranches.getState().branchDraft.name).toBe('Sucursal El Alto');
  });

  it("names the engine's field problems with the form's labels", async () => {
    api.createBranchOffice.mockRejectedValue(
      new ApiError(422, { code: 'VALIDATION_FAILED', detail: 'campo city: no puede estar en blanco', fields: [{ field: 'city', rule: '', message: 'no puede estar en blanco' }] }),
    );
    useBranches.getState().setBranchDraft({ name: 'S', municipality: 'M', address: 'A', city: 'C' });
    await useBranches.getState().createBranch();
    expect(useBranches.getState().branchForm.errors).toEqual(['Ciudad: no puede estar en blanco']);
  });
});

describe('branches: register a point of sale', () => {
  const fill = () => useBranches.getState().setPosDraft({ branchId: '2', type: '5', name: 'Caja 2', description: 'Caja junto a la puerta' });

  it('asks for the branch, the type, the name and the description first', async () => {
    await useBranches.getState().registerPos();
    expect(api.createPos).not.toHaveBeenCalled();
    expect(useBranches.getState().posForm.errors).toEqual([
      'Sucursal: elija la sucursal del punto de venta.',
      'Tipo: elija el tipo de punto de venta.',
      'Nombre: es obligatorio.',
      'Descripción: es obligatoria.',
    ]);
  });

  it('registers it with an integer branch and type, then reloads the list and the till picker', async () => {
    api.createPos.mockResolvedValue({ id: 'pos-9', code: 2, name: 'Caja 2', branchId: 2, branchCode: 1, type: 5 });
    api.pointsOfSale.mockResolvedValue([{ id: 'pos-9', code: 2, branchId: 2, branchCode: 1, name: 'Caja 2' }]);
    fill();
    const p = await useBranches.getState().registerPos();
    expect(p?.code).toBe(2);
    expect(api.createPos).toHaveBeenCalledWith({ branchId: 2, type: 5, name: 'Caja 2', description: 'Caja junto a la puerta' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(useBranches.getState().posForm.ok).toBe('Punto de venta "Caja 2" registrado en el SIAT con el código 2.');
    expect(useBranches.getState().posDraft).toEqual({ branchId: '2', type: '5', name: '', description: '' });
    expect(useSession.getState().pointsOfSale.map((x) => x.id)).toEqual(['pos-9']);
  });

  it("passes SIAT's code and message through unchanged when SIAT rejects it (422)", async () => {
    api.createPos.mockRejectedValue(
      new ApiError(422, {
        code: 'SIAT_REJECTED',
        detail: 'SIAT 947: EL TIPO DE PUNTO DE VENTA NO ES VALIDO',
        siatCode: 947,
        siatMessages: [{ codigo: 947, descripcion: 'EL TIPO DE PUNTO DE VENTA NO ES VALIDO' }],
      }),
    );
    fill();
    expect(await useBranches.getState().registerPos()).toBeNull();
    expect(useBranches.getState().posForm.errors).toEqual(['SIAT 947: EL TIPO DE PUNTO DE VENTA NO ES VALIDO']);
  });

  it('says registering needs SIAT online when SIAT does not answer (503)', async () => {
    api.createPos.mockRejectedValue(
      new ApiError(503, { code: 'SIAT_UNAVAILABLE', detail: 'SIAT no responde (tiempo de espera agotado): registrar un punto de venta requiere SIAT en línea; reintente más tarde' }),
    );
    fill();
    await useBranches.getState().registerPos();
    const errors = useBranches.getState().posForm.errors;
    expect(errors[0]).toBe(POS_NEEDS_SIAT.register);
    expect(errors[1]).toMatch(/tiempo de espera agotado/);
  });

  it('a lost SIAT answer (SIAT_OUTCOME_UNKNOWN) says to press the button again, in plain words', async () => {
    api.createPos.mockRejectedValue(new ApiError(503, { code: 'SIAT_OUTCOME_UNKNOWN', detail: 'SIAT no responde (la conexión se cortó) en FacturacionOperaciones/registroPuntoVenta: no se sabe…' }));
    fill();
    await useBranches.getState().registerPos();
    expect(useBranches.getState().posForm.errors).toEqual([POS_OUTCOME_UNKNOWN]);
  });

  it('after no answer at all, says a retry is safe, and the retry carries the same Idempotency-Key (a changed form, a new one)', async () => {
    api.createPos.mockRejectedValue(new ApiError(0, {}));
    fill();
    await useBranches.getState().registerPos();
    expect(useBranches.getState().posForm.errors.at(-1)).toMatch(/Puede reintentar: Kipu pregunta antes a SIAT/);
    expect(api.branchOffices).toHaveBeenCalled();
    await useBranches.getState().registerPos();
    const keys = api.createPos.mock.calls.map((c: unknown[]) => c[1]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    useBranches.setState((s) => ({ posDraft: { ...s.posDraft, name: 'Caja 3' } }));
    await useBranches.getState().registerPos();
    expect(api.createPos.mock.calls[2]![1]).not.toBe(keys[0]);
  });
});

describe('branches: closing needs a confirmation', () => {
  const target = { kind: 'pos' as const, id: 'pos-7', code: 1, name: 'Caja El Alto', branchName: 'Sucursal El Alto' };

  it('closes nothing until confirmed, and nothing when the manager goes back (Esc)', async () => {
    useBranches.getState().askClose(target);
    expect(useBranches.getState().closing).toEqual(target);
    useBranches.getState().cancelClose();
    expect(useBranches.getState().closing).toBeNull();
    expect(await useBranches.getState().confirmClose()).toBe(false);
    expect(api.closePos).not.toHaveBeenCalled();
  });

  it('closes the point of sale once confirmed and reloads the list', async () => {
    api.closePos.mockResolvedValue({});
    api.branchOffices.mockResolvedValue([MAIN, { ...EL_ALTO, pos: [] }]);
    useBranches.getState().askClose(target);
    expect(await useBranches.getState().confirmClose()).toBe(true);
    expect(api.closePos).toHaveBeenCalledWith('pos-7');
    const s = useBranches.getState();
    expect(s.closing).toBeNull();
    expect(s.closed).toBe('Punto de venta 1 "Caja El Alto" cerrado.');
    expect(s.branches[1]!.pos).toEqual([]);
    expect(api.pointsOfSale).toHaveBeenCalled();
  });

  it("keeps the dialog open with the engine's reason when the close is refused (409)", async () => {
    api.closePos.mockRejectedValue(
      new ApiError(409, { code: 'CONFLICT', detail: 'El punto de venta 1 tiene facturas pendientes de envío a SIAT: espere a que se validen' }),
    );
    useBranches.getState().askClose(target);
    expect(await useBranches.getState().confirmClose()).toBe(false);
    const s = useBranches.getState();
    expect(s.closing).toEqual(target);
    expect(s.closeBusy).toBe(false);
    expect(s.closeErrors).toEqual(['El punto de venta 1 tiene facturas pendientes de envío a SIAT: espere a que se validen']);
    useBranches.getState().cancelClose();
    expect(useBranches.getState().closeErrors).toEqual([]);
  });

  it('sends one close when Enter is pressed again while the first is running', async () => {
    let finish: (v: unknown) => void = () => undefined;
    api.closePos.mockReturnValue(new Promise((r) => (finish = r)));
    useBranches.getState().askClose(target);
    const first = useBranches.getState().confirmClose();
    expect(await useBranches.getState().confirmClose()).toBe(false);
    finish({});
    expect(await first).toBe(true);
    expect(api.closePos).toHaveBeenCalledOnce();
  });

  it('closes a branch by its branchId', async () => {
    api.closeBranchOffice.mockResolvedValue({ ...EL_ALTO, pos: [] });
    api.branchOffices.mockResolvedValue([MAIN]);
    useBranches.getState().askClose({ kind: 'branch', branchId: 2, siatCode: 1, name: 'Sucursal El Alto' });
    await useBranches.getState().confirmClose();
    expect(api.closeBranchOffice).toHaveBeenCalledWith(2);
    expect(useBranches.getState().closed).toBe('Sucursal 1 "Sucursal El Alto" cerrada.');
    expect(useBranches.getState().branches).toHaveLength(1);
  });
});

describe('branches: a till key (no admin scope)', () => {
  // The engine's 403 (main/api/server.ts): the key lacks the admin scope these routes need.
  const forbidden = (route: string) =>
    new ApiError(403, {
      code: 'FORBIDDEN',
      detail: `Esto lo hace un administrador («${route}»): ingrese como administrador o pida a un administrador que lo haga (hace falta el ámbito «admin» y la clave tiene «till»).`,
    });

  it('shows the engine’s reason under the new-branch form', async () => {
    api.createBranchOffice.mockRejectedValue(forbidden('Registra una sucursal'));
    useBranches.getState().setBranchDraft({ name: 'Sucursal Sur', municipality: 'La Paz', address: 'Calle 21', city: 'La Paz' });
    expect(await useBranches.getState().createBranch()).toBeNull();
    expect(useBranches.getState().branchForm.errors).toEqual([expect.stringMatching(/^Esto lo hace un administrador \(«Registra una sucursal»\): ingrese como administrador/)]);
  });

  it('shows it under the point-of-sale form, without the "check before retrying" line (nothing was sent to SIAT)', async () => {
    api.createPos.mockRejectedValue(forbidden('Registra un punto de venta en SIAT (registroPuntoVenta)'));
    useBranches.getState().setPosDraft({ branchId: '2', type: '5', name: 'Caja 2', description: 'Caja junto a la puerta' });
    expect(await useBranches.getState().registerPos()).toBeNull();
    expect(useBranches.getState().posForm.errors).toEqual([expect.stringMatching(/hace falta el ámbito «admin»/)]);
  });

  it('shows it inside the close confirmation', async () => {
    api.closePos.mockRejectedValue(forbidden('Cierra un punto de venta en SIAT (cierrePuntoVenta)'));
    useBranches.getState().askClose({ kind: 'pos', id: 'pos-7', code: 1, name: 'Caja El Alto', branchName: 'Sucursal El Alto' });
    expect(await useBranches.getState().confirmClose()).toBe(false);
    expect(useBranches.getState().closeErrors).toEqual([expect.stringMatching(/hace falta el ámbito «admin»/)]);
  });
});
