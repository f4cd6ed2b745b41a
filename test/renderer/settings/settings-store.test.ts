import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxpayerSettings } from '../../../shared/api-types';

const api = vi.hoisted(() => ({
  taxpayer: vi.fn(),
  saveTaxpayer: vi.fn(),
  siatSettings: vi.fn(),
  saveSiat: vi.fn(),
  printer: vi.fn(),
  savePrinter: vi.fn(),
  testPrinter: vi.fn(),
  uploadCertificate: vi.fn(),
  uploadLogo: vi.fn(),
  apiKeys: vi.fn(),
  createApiKey: vi.fn(),
  deleteApiKey: vi.fn(),
  smtp: vi.fn(),
  saveSmtp: vi.fn(),
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { ADMIN_SCOPE_NEEDED, DEFAULT_PRINTER, EMPTY_SMTP, INITIAL_SETTINGS_STATE, useSettings } = await import('../../../renderer/src/settings/settings-store');

const TAXPAYER: TaxpayerSettings = {
  companyId: '5d1f6a2c-8b3e-4c71-9a0d-2e6b7f4c1a93',
  nit: '1023456028',
  razonSocial: 'Comercial Andina SRL',
  municipio: 'La Paz',
  direccion: 'Av. Camacho 1234',
  telefono: '2201234',
  codigoSistema: 'ABC123',
  ambiente: 2,
  modalidad: 2,
};

/** The engine's 403 for a till key on an admin route (main/api/server.ts). */
const forbidden = () =>
  new ApiError(403, {
    code: 'FORBIDDEN',
    detail: 'Esto lo hace un administrador («Datos del contribuyente»): ingrese como administrador o pida a un administrador que lo haga (hace falta el ámbito «admin» y la clave tiene «till»).',
  });

beforeEach(() => {
  vi.clearAllMocks();
  useSettings.setState(INITIAL_SETTINGS_STATE);
  api.taxpayer.mockResolvedValue(TAXPAYER);
  api.siatSettings.mockResolvedValue({ url: 'https://pilotosiatservicios.impuestos.gob.bo/v2', tokenSet: true });
  api.printer.mockResolvedValue({ ...DEFAULT_PRINTER, interface: 'tcp://10.0.0.5:9100' });
  api.apiKeys.mockResolvedValue([{ id: 'k1', name: 'Dueño', prefix: 'kp_ab', scopes: ['admin', 'till', 'integrator'], createdAt: '2026-01-02T10:00:00Z' }]);
  api.smtp.mockResolvedValue(SMTP_NONE);
});

const SMTP_NONE = { configured: false, host: null, port: null, secure: null, user: null, from: null, passwordSet: false, effectiveSource: null };

describe('settings: access', () => {
  it('loads the taxpayer, the SIAT URL, the printer and the keys for an admin key', async () => {
    const entered = useSettings.getState().enter();
    expect(useSettings.getState().access).toBe('loading');
    await entered;
    const s = useSettings.getState();
    expect(s.access).toBe('ready');
    expect(s.taxpayer).toEqual(TAXPAYER);
    expect(s.siatUrl).toBe('https://pilotosiatservicios.impuestos.gob.bo/v2');
    expect(s.siat?.tokenSet).toBe(true);
    expect(s.printer.interface).toBe('tcp://10.0.0.5:9100');
    expect(s.apiKeys.map((k) => k.name)).toEqual(['Dueño']);
    expect(s.outcomes.taxpayer).toBeNull();
  });

  it('a till key (403 on the admin routes) leaves the screen forbidden, with no data and no error lines', async () => {
    for (const call of [api.taxpayer, api.siatSettings, api.printer, api.apiKeys]) call.mockRejectedValue(forbidden());
    await useSettings.getState().enter();
    const s = useSettings.getState();
    expect(s.access).toBe('forbidden');
    expect(s.taxpayer.nit).toBe('');
    expect(s.apiKeys).toEqual([]);
    expect(Object.values(s.outcomes).every((o) => o === null)).toBe(true);
    expect(ADMIN_SCOPE_NEEDED).toMatch(/la cambia el dueño: salga \(Salir\) e ingrese con su clave de administración/);
  });

  it('an engine that does not answer is told in the taxpayer section; the other sections keep their defaults', async () => {
    for (const call of [api.taxpayer, api.siatSettings, api.printer, api.apiKeys]) call.mockRejectedValue(new ApiError(0, {}));
    await useSettings.getState().enter();
    const s = useSettings.getState();
    expect(s.access).toBe('ready');
    expect(s.outcomes.taxpayer).toEqual({ errors: [expect.stringMatching(/No se pudo conectar con el motor de Kipu/)] });
    expect(s.printer).toEqual(DEFAULT_PRINTER);
    expect(s.siat).toBeNull();
  });

  it('a new visit forgets the previous key’s data before the engine answers', async () => {
    await useSettings.getState().enter();
    api.taxpayer.mockRejectedValue(forbidden());
    const entered = useSettings.getState().enter();
    expect(useSettings.getState().taxpayer.nit).toBe('');
    await entered;
    expect(useSettings.getState().access).toBe('forbidden');
  });

  it('drops the answers of an earlier visit that arrive late', async () => {
    let answerFirst: (t: TaxpayerSettings) => void = () => undefined;
    api.taxpayer.mockReturnValueOnce(new Promise<TaxpayerSettings>((r) => (answerFirst = r)));
    const first = useSettings.getState().enter();
    api.taxpayer.mockRejectedValueOnce(forbidden());
    await useSettings.getState().enter();
    answerFirst(TAXPAYER);
    await first;
    expect(useSettings.getState().access).toBe('forbidden');
    expect(useSettings.getState().taxpayer.nit).toBe('');
  });
});

describe('settings: sections', () => {
  beforeEach(async () => {
    await useSettings.getState().enter();
  });

  it('saves the edited taxpayer and shows what the engine kept', async () => {
    api.saveTaxpayer.mockImplementation(async (t: TaxpayerSettings) => ({ ...t, razonSocial: t.razonSocial.trim() }));
    useSettings.getState().setTaxpayer({ razonSocial: ' Comercial Andina S.R.L. ' });
    expect(await useSettings.getState().saveTaxpayer()).toBe(true);
    expect(api.saveTaxpayer).toHaveBeenCalledWith({ ...TAXPAYER, razonSocial: ' Comercial Andina S.R.L. ' });
    expect(useSettings.getState().taxpayer.razonSocial).toBe('Comercial Andina S.R.L.');
    expect(useSettings.getState().outcomes.taxpayer).toEqual({ ok: 'Datos del contribuyente guardados.' });
    expect(useSettings.getState().busy.taxpayer).toBe(false);
  });

  it('a save refused with 403 shows the engine’s Spanish detail in that section only', async () => {
    api.savePrinter.mockRejectedValue(forbidden());
    expect(await useSettings.getState().savePrinter()).toBe(false);
    const s = useSettings.getState();
    expect(s.outcomes.printer).toEqual({ errors: [expect.stringMatching(/hace falta el ámbito «admin»/)] });
    expect(s.outcomes.taxpayer).toBeNull();
  });

  it('keeps the SIAT token when the field is left blank', async () => {
    api.saveSiat.mockResolvedValue({ url: 'https://siat.example/v2', tokenSet: true });
    useSettings.getState().setSiatUrl(' https://siat.example/v2 ');
    await useSettings.getState().saveSiat('  ');
    expect(api.saveSiat).toHaveBeenCalledWith({ url: 'https://siat.example/v2' });
    await useSettings.getState().saveSiat(' tok ');
    expect(api.saveSiat).toHaveBeenLastCalledWith({ url: 'https://siat.example/v2', token: 'tok' });
  });

  it('refuses a logo that is not a PNG without calling the engine', async () => {
    const gif = new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' });
    expect(await useSettings.getState().uploadLogo(gif, 'tenant-1')).toBe(false);
    expect(api.uploadLogo).not.toHaveBeenCalled();
    expect(useSettings.getState().outcomes.logo).toEqual({ errors: [expect.stringMatching(/PNG/)] });
  });

  it('creates a key, shows it once and lists it', async () => {
    api.createApiKey.mockResolvedValue({ key: 'kp_new_secret' });
    api.apiKeys.mockResolvedValue([{ id: 'k2', name: 'Caja 2', prefix: 'kp_ne', scopes: ['till'], createdAt: '2026-01-03T10:00:00Z' }]);
    expect(await useSettings.getState().createApiKey(' Caja 2 ', 'till')).toBe(true);
    expect(api.createApiKey).toHaveBeenCalledWith('Caja 2', ['till']);
    expect(useSettings.getState().createdKey).toBe('kp_new_secret');
    expect(useSettings.getState().apiKeys.map((k) => k.name)).toEqual(['Caja 2']);
  });

  it('Correo: reads the store’s SMTP server, keeps the password when left blank, refuses a bad port before the engine', async () => {
    api.smtp.mockResolvedValue({ configured: true, host: 'smtp.tienda.bo', port: 587, secure: false, user: 'facturas', from: 'Tienda <facturas@tienda.bo>', passwordSet: true, effectiveSource: 'tenant' });
    await useSettings.getState().enter();
    expect(useSettings.getState().smtp).toEqual({ host: 'smtp.tienda.bo', port: '587', secure: false, user: 'facturas', from: 'Tienda <facturas@tienda.bo>' });

    api.saveSmtp.mockResolvedValue({ configured: true, host: 'mail.tienda.bo', port: 465, secure: true, user: 'facturas', from: 'Tienda <facturas@tienda.bo>', passwordSet: true, effectiveSource: 'tenant' });
    useSettings.getState().setSmtp({ host: ' mail.tienda.bo ', port: '465', secure: true });
    expect(await useSettings.getState().saveSmtp('')).toBe(true);
    expect(api.saveSmtp).toHaveBeenCalledWith({ host: 'mail.tienda.bo', port: 465, secure: true, user: 'facturas', from: 'Tienda <facturas@tienda.bo>' });
    expect(useSettings.getState().outcomes.smtp).toEqual({ ok: expect.stringMatching(/Servidor de correo guardado/) });
    await useSettings.getState().saveSmtp('s3creto');
    expect(api.saveSmtp).toHaveBeenLastCalledWith(expect.objectContaining({ password: 's3creto' }));

    api.saveSmtp.mockClear();
    useSettings.getState().setSmtp({ port: '70000' });
    expect(await useSettings.getState().saveSmtp('')).toBe(false);
    expect(api.saveSmtp).not.toHaveBeenCalled();
    expect(useSettings.getState().outcomes.smtp).toEqual({ errors: [expect.stringMatching(/^Puerto: /)] });
  });

  it('Correo: a store without its own server starts from an empty form', async () => {
    await useSettings.getState().enter();
    expect(useSettings.getState().smtp).toEqual(EMPTY_SMTP);
    expect(useSettings.getState().smtpView?.configured).toBe(false);
  });

  it('a section asked for by another screen survives the visit’s reset', async () => {
    useSettings.getState().request('smtp');
    await useSettings.getState().enter();
    expect(useSettings.getState().requested).toBe('smtp');
  });
});
