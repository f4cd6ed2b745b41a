// Configuración › Personas: the store's people as the engine lists them, adding one and changing
// one; every refusal is the engine's sentence, and what was typed stays after it.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TillUserDto } from '../../../shared/api/till-users';

const api = vi.hoisted(() => ({
  tillUsers: vi.fn(),
  createTillUser: vi.fn(),
  updateTillUser: vi.fn(),
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { EMPTY_PERSON, INITIAL_PEOPLE_STATE, MISSING, changeOf, usePeople } = await import('../../../renderer/src/settings/people-store');
const { PeopleView } = await import('../../../renderer/src/settings/sections/PeopleSection');
const { SettingsView } = await import('../../../renderer/src/settings/SettingsScreen');
const { useSession } = await import('../../../renderer/src/session/session-store');

const person = (over: Partial<TillUserDto>): TillUserDto => ({
  id: 'u-0',
  login: 'x',
  name: 'X',
  role: 'cajero',
  active: true,
  locked: false,
  lockedUntil: null,
  createdAt: '2026-11-20T09:00:00.000',
  updatedAt: '2026-11-20T09:00:00.000',
  ...over,
});
const ANA = person({ id: 'u-ana', login: 'ana', name: 'Ana Quispe' });
const LUIS = person({ id: 'u-luis', login: 'luis', name: 'Luis Mamani', role: 'supervisor', locked: true, lockedUntil: '2026-11-28T10:42:00.000' });
const EVA = person({ id: 'u-eva', login: 'eva', name: 'Eva Choque', role: 'administrador' });

const page = (content: TillUserDto[], last = true, n = 0) => ({ content, page: n, size: 50, totalElements: content.length, totalPages: 1, first: n === 0, last });

/** The engine's refusal of a person (main/till-users/till-people.ts → main/api/domain-errors.ts). */
const refusal = (status: number, code: string, field: string, message: string) => new ApiError(status, { code, detail: message, fields: [{ field, rule: 'till-user', message }] });

const DUPLICATE = 'Ya existe el usuario «ana» en esta tienda (activo o desactivado): use otro o reactívelo';
const WEAK_PIN = 'El PIN debe tener de 4 a 6 dígitos (solo números)';

beforeEach(() => {
  vi.clearAllMocks();
  usePeople.setState(INITIAL_PEOPLE_STATE);
  useSession.setState({ person: null });
  api.tillUsers.mockResolvedValue(page([ANA, EVA, LUIS]));
});

describe('people: the list', () => {
  it('reads every page of the store’s people', async () => {
    const more = person({ id: 'u-zoe', login: 'zoe', name: 'Zoe Ticona' });
    api.tillUsers.mockImplementation(async (n: number) => (n === 0 ? page([ANA, EVA], false, 0) : page([more], true, 1)));
    await usePeople.getState().enter();
    expect(api.tillUsers.mock.calls).toEqual([
      [0, 50],
      [1, 50],
    ]);
    expect(usePeople.getState().people.map((p) => p.login)).toEqual(['ana', 'eva', 'zoe']);
    expect(usePeople.getState().loaded).toBe(true);
  });

  it('a list the engine refuses is said in its words', async () => {
    api.tillUsers.mockRejectedValue(new ApiError(403, { code: 'FORBIDDEN', detail: 'Esto lo hace un administrador' }));
    await usePeople.getState().enter();
    expect(usePeople.getState().loadErrors).toEqual(['Esto lo hace un administrador']);
  });
});

describe('people: adding one', () => {
  it('what is missing and two different PINs are said before asking the engine', async () => {
    expect(await usePeople.getState().add()).toBeNull();
    expect(usePeople.getState().addForm.errors).toEqual([MISSING.name, MISSING.login, MISSING.pin]);
    usePeople.getState().setDraft({ name: 'Rosa Mamani', login: 'rosa', pin: '4826', pinAgain: '4862' });
    expect(await usePeople.getState().add()).toBeNull();
    expect(usePeople.getState().addForm.errors).toEqual([MISSING.pinAgain]);
    expect(api.createTillUser).not.toHaveBeenCalled();
  });

  it('a duplicate user and a weak PIN: the engine’s sentence, once, and everything typed stays', async () => {
    const typed = { name: 'Ana María Quispe', login: ' Ana ', role: 'supervisor' as const, pin: '12ab', pinAgain: '12ab' };
    usePeople.getState().setDraft(typed);
    api.createTillUser.mockRejectedValueOnce(refusal(409, 'CONFLICT', 'login', DUPLICATE));
    expect(await usePeople.getState().add()).toBeNull();
    expect(usePeople.getState().addForm).toEqual({ busy: false, errors: [DUPLICATE], ok: null });
    expect(usePeople.getState().draft).toEqual(typed);
    // The login goes trimmed; the engine lower-cases it and checks its letters.
    expect(api.createTillUser).toHaveBeenCalledWith({ name: 'Ana María Quispe', login: 'Ana', role: 'supervisor', pin: '12ab' });

    api.createTillUser.mockRejectedValueOnce(refusal(422, 'VALIDATION_FAILED', 'pin', WEAK_PIN));
    await usePeople.getState().add();
    expect(usePeople.getState().addForm.errors).toEqual([WEAK_PIN]);
    expect(usePeople.getState().draft).toEqual(typed);

    // A PIN too short is refused by the request's schema: its field is named in Spanish.
    api.createTillUser.mockRejectedValueOnce(new ApiError(400, { code: 'VALIDATION_FAILED', detail: 'pin: debe tener al menos 4 caracteres', fields: [{ field: 'pin', rule: 'minLength', message: 'debe tener al menos 4 caracteres' }] }));
    await usePeople.getState().add();
    expect(usePeople.getState().addForm.errors).toEqual(['PIN: debe tener al menos 4 caracteres']);
  });

  it('added: the form empties (the role chosen stays), the list is read again, the sentence names the user', async () => {
    const rosa = person({ id: 'u-rosa', login: 'rosa', name: 'Rosa Mamani' });
    api.createTillUser.mockResolvedValue(rosa);
    usePeople.getState().setDraft({ name: 'Rosa Mamani', login: 'rosa', role: 'cajero', pin: '4826', pinAgain: '4826' });
    api.tillUsers.mockResolvedValue(page([ANA, EVA, LUIS, rosa]));
    expect(await usePeople.getState().add()).toEqual(rosa);
    expect(usePeople.getState().draft).toEqual(EMPTY_PERSON);
    expect(usePeople.getState().addForm.ok).toBe('Se agregó a Rosa Mamani (cajero): ingresa en la caja con el usuario «rosa» y su PIN.');
    expect(usePeople.getState().people.map((p) => p.login)).toContain('rosa');
  });
});

describe('people: changing one', () => {
  beforeEach(async () => {
    await usePeople.getState().enter();
  });

  it('only what differs is sent; nothing changed, an empty name or two PINs are said by the till', () => {
    const draft = { id: ANA.id, name: 'Ana Quispe', role: 'cajero' as const, pin: '', pinAgain: '' };
    expect(changeOf(draft, ANA)).toEqual({ errors: [MISSING.nothing] });
    expect(changeOf({ ...draft, name: '  ' }, ANA)).toEqual({ errors: [MISSING.emptyName] });
    expect(changeOf({ ...draft, pin: '1357', pinAgain: '1375' }, ANA)).toEqual({ errors: [MISSING.pinAgain] });
    expect(changeOf({ ...draft, name: ' Ana Q. ', role: 'supervisor' }, ANA)).toEqual({ change: { name: 'Ana Q.', role: 'supervisor' } });
  });

  it('a new PIN unlocks a locked person: sent alone, the PIN fields empty after, the sentence says so', async () => {
    usePeople.getState().startEdit(LUIS.id);
    usePeople.getState().setEdit({ pin: '8642', pinAgain: '8642' });
    const unlocked = { ...LUIS, locked: false, lockedUntil: null };
    api.updateTillUser.mockResolvedValue(unlocked);
    api.tillUsers.mockResolvedValue(page([ANA, EVA, unlocked]));
    expect(await usePeople.getState().saveEdit()).toBe(true);
    expect(api.updateTillUser).toHaveBeenCalledWith(LUIS.id, { pin: '8642' });
    expect(usePeople.getState().editing).toEqual({ id: LUIS.id, name: 'Luis Mamani', role: 'supervisor', pin: '', pinAgain: '' });
    expect(usePeople.getState().editForm.ok).toBe('Se guardó el PIN de Luis Mamani. Ya no está bloqueado: ingresa en la caja con el PIN nuevo.');
    expect(usePeople.getState().people.find((p) => p.id === LUIS.id)?.locked).toBe(false);
  });

  it('name, role and PIN of a person not locked: one sentence naming the three', async () => {
    usePeople.getState().startEdit(ANA.id);
    usePeople.getState().setEdit({ name: 'Ana Q.', role: 'supervisor', pin: '1357', pinAgain: '1357' });
    api.updateTillUser.mockResolvedValue({ ...ANA, name: 'Ana Q.', role: 'supervisor' });
    await usePeople.getState().saveEdit();
    expect(api.updateTillUser).toHaveBeenCalledWith(ANA.id, { name: 'Ana Q.', role: 'supervisor', pin: '1357' });
    expect(usePeople.getState().editForm.ok).toBe('Se guardó el nombre, el rol (supervisor) y el PIN de Ana Q. Desde ahora ingresa en la caja con el PIN nuevo.');
  });

  it('PINs typed do not outlive the screen; names do', async () => {
    usePeople.getState().setDraft({ name: 'Rosa', login: 'rosa', pin: '4826', pinAgain: '4826' });
    usePeople.getState().startEdit(ANA.id);
    usePeople.getState().setEdit({ pin: '1357', pinAgain: '1357' });
    await usePeople.getState().enter();
    expect(usePeople.getState().draft).toEqual({ ...EMPTY_PERSON, name: 'Rosa', login: 'rosa' });
    expect(usePeople.getState().editing).toEqual({ id: ANA.id, name: 'Ana Quispe', role: 'cajero', pin: '', pinAgain: '' });
  });

  it('a refused change keeps what was typed and says the engine’s words', async () => {
    usePeople.getState().startEdit(ANA.id);
    usePeople.getState().setEdit({ name: 'Ana Q.', pin: '12345678', pinAgain: '12345678' });
    api.updateTillUser.mockRejectedValue(refusal(422, 'VALIDATION_FAILED', 'pin', WEAK_PIN));
    expect(await usePeople.getState().saveEdit()).toBe(false);
    expect(usePeople.getState().editForm.errors).toEqual([WEAK_PIN]);
    expect(usePeople.getState().editing).toEqual({ id: ANA.id, name: 'Ana Q.', role: 'cajero', pin: '12345678', pinAgain: '12345678' });
  });

  it('deactivate and reactivate: active false / true, nobody deleted', async () => {
    usePeople.getState().startEdit(ANA.id);
    api.updateTillUser.mockResolvedValueOnce({ ...ANA, active: false });
    expect(await usePeople.getState().setActive(false)).toBe(true);
    expect(api.updateTillUser).toHaveBeenLastCalledWith(ANA.id, { active: false });
    expect(usePeople.getState().editForm.ok).toMatch(/^Se desactivó a Ana Quispe: ya no ingresa en la caja/);
    api.updateTillUser.mockResolvedValueOnce(ANA);
    expect(await usePeople.getState().setActive(true)).toBe(true);
    expect(api.updateTillUser).toHaveBeenLastCalledWith(ANA.id, { active: true });
    expect(usePeople.getState().editForm.ok).toMatch(/^Se reactivó a Ana Quispe/);
  });

  it('the signed-in administrator renamed: the top bar’s person follows', async () => {
    useSession.setState({ person: EVA });
    usePeople.getState().startEdit(EVA.id);
    usePeople.getState().setEdit({ name: 'Eva Choque Mamani' });
    api.updateTillUser.mockResolvedValue({ ...EVA, name: 'Eva Choque Mamani' });
    await usePeople.getState().saveEdit();
    expect(useSession.getState().person?.name).toBe('Eva Choque Mamani');
  });
});

describe('people: the section', () => {
  const html = (over: Partial<Parameters<typeof PeopleView>[0]> = {}) =>
    renderToStaticMarkup(
      createElement(PeopleView, { people: [ANA, EVA, LUIS, { ...ANA, id: 'u-old', login: 'old', name: 'Olga Paz', active: false }], loaded: true, loadErrors: [], draft: EMPTY_PERSON, addForm: INITIAL_PEOPLE_STATE.addForm, editing: null, editForm: INITIAL_PEOPLE_STATE.editForm, me: EVA.id, ...over }),
    );

  it('lists name, user, role and state (locked until when, deactivated), the signed-in person marked', () => {
    const out = html();
    expect(out.match(/data-testid="person-row"/g)).toHaveLength(4);
    expect(out).toContain('Bloqueado hasta 28/11/2026 10:42');
    expect(out).toContain('Desactivado');
    expect(out).toContain('Supervisor');
    expect(out).toMatch(/Eva Choque <span class="badge">usted<\/span>/);
    expect(out).toContain('data-testid="people-add-form"');
    expect(out).not.toContain('data-testid="person-editor"');
  });

  it('a locked person’s form says a new PIN unlocks; a deactivated one’s offers Reactivar', () => {
    const locked = html({ editing: { id: LUIS.id, name: LUIS.name, role: LUIS.role, pin: '', pinAgain: '' } });
    expect(locked).toContain('data-testid="person-locked"');
    expect(locked).toContain('Un PIN nuevo lo desbloquea ahora.');
    expect(locked).toContain('data-testid="person-deactivate"');
    const off = html({ editing: { id: 'u-old', name: 'Olga Paz', role: 'cajero', pin: '', pinAgain: '' } });
    expect(off).toContain('data-testid="person-reactivate"');
    expect(off).toContain('data-testid="person-inactive"');
  });

  it('is one of the administrator’s sections: not there for a key or a person without the admin scope', () => {
    expect(renderToStaticMarkup(createElement(SettingsView, { access: 'ready' }))).toContain('data-testid="settings-people"');
    expect(renderToStaticMarkup(createElement(SettingsView, { access: 'forbidden' }))).not.toContain('data-testid="settings-people"');
  });
});
