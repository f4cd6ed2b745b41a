import { describe, expect, it, vi } from 'vitest';
import { ApiError, NoticeError, describeError } from '../../../renderer/src/api/errors';
import { buildQuery, createHttpClient } from '../../../renderer/src/api/http';
import { createKipuApi } from '../../../renderer/src/api/endpoints';
import { ROUTES } from '../../../shared/api/routes';

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

describe('HTTP client', () => {
  it('sends X-API-Key and unwraps ApiResponse.data', async () => {
    const f = fakeFetch(200, { success: true, message: null, data: [{ id: 'p' }], error: null, timestamp: '2025-01-01T00:00:00' });
    const http = createHttpClient({ getApiKey: () => 'key-1', fetchImpl: f.fn });
    await expect(http.request('GET', '/api/v1/pos')).resolves.toEqual([{ id: 'p' }]);
    expect((f.calls[0]!.init.headers as Record<string, string>)['X-API-Key']).toBe('key-1');
  });

  it('does not send the key to public endpoints', async () => {
    const f = fakeFetch(200, { success: true, data: { training: true } });
    const api = createKipuApi(createHttpClient({ getApiKey: () => 'key-1', fetchImpl: f.fn }));
    await api.tillConfig();
    expect((f.calls[0]!.init.headers as Record<string, string>)['X-API-Key']).toBeUndefined();
    expect(f.calls[0]!.url).toBe('/api/v1/public/till-config');
  });

  it('sends the Idempotency-Key with a new invoice', async () => {
    const f = fakeFetch(201, { success: true, data: { id: 'i1' } });
    const api = createKipuApi(createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn }));
    await api.createInvoice({ invoiceType: 'COMPUTERIZED_SALE' } as never, 'uuid-1');
    const h = f.calls[0]!.init.headers as Record<string, string>;
    expect(h['Idempotency-Key']).toBe('uuid-1');
    expect(h['Content-Type']).toBe('application/json');
    expect(f.calls[0]!.init.method).toBe('POST');
  });

  it('posts CSV as text/csv', async () => {
    const f = fakeFetch(200, { success: true, data: { created: 1, updated: 0, errors: [] } });
    const api = createKipuApi(createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn }));
    await api.importProducts('code,barcode\n');
    expect((f.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect(f.calls[0]!.init.body).toBe('code,barcode\n');
  });

  it('turns an error body with SIAT messages into "SIAT <code>: <text>"', async () => {
    const f = fakeFetch(422, {
      success: false,
      message: 'Factura rechazada',
      error: { code: 'SIAT_REJECTED', detail: 'El SIAT rechazó la factura.', siatCode: 902, siatMessages: [{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }] },
      detail: 'El SIAT rechazó la factura.',
      timestamp: '2025-01-01T00:00:00',
    });
    const http = createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn });
    const err = await http.request('POST', '/api/v1/invoices').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(describeError(err)).toEqual(['El SIAT rechazó la factura.', 'SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO']);
  });

  it('reads a bare { detail } body and falls back to a Spanish sentence', async () => {
    const http1 = createHttpClient({ getApiKey: () => 'k', fetchImpl: fakeFetch(400, { detail: 'posId es obligatorio' }).fn });
    await expect(http1.request('GET', '/x')).rejects.toMatchObject({ status: 400, detail: 'posId es obligatorio' });
    const http2 = createHttpClient({ getApiKey: () => 'k', fetchImpl: fakeFetch(503, '').fn });
    await expect(http2.request('GET', '/x')).rejects.toMatchObject({ detail: 'El servicio del SIAT no responde en este momento.' });
  });

  it('calls onUnauthorized on 401', async () => {
    const onUnauthorized = vi.fn();
    const http = createHttpClient({ getApiKey: () => 'bad', fetchImpl: fakeFetch(401, { detail: 'x' }).fn, onUnauthorized });
    await expect(http.request('GET', '/api/v1/pos')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a network failure as status 0 in Spanish', async () => {
    const http = createHttpClient({
      getApiKey: () => 'k',
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const err = (await http.request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err.isNetwork).toBe(true);
    expect(describeError(err)[0]).toMatch(/motor de Kipu/);
  });

  it("shows the till's own notices as they are, and anything else as unexpected", () => {
    expect(describeError(new NoticeError('Elija el archivo .p12'))).toEqual(['Elija el archivo .p12']);
    expect(describeError(new Error('boom'))).toEqual(['Error inesperado: boom']);
  });

  it('treats success:false in a 200 as an error', async () => {
    const http = createHttpClient({ getApiKey: () => 'k', fetchImpl: fakeFetch(200, { success: false, error: { code: 'X', detail: 'falló' } }).fn });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ detail: 'falló' });
  });

  it("reads the sector style's errors list (seed 001): the Spanish message, the code, the fields", async () => {
    const conflict = fakeFetch(409, {
      message: 'CONFLICT',
      errors: [{ message: 'La sucursal 2 tiene puntos de venta abiertos: ciérrelos primero' }],
      success: false,
      data: null,
    });
    const http1 = createHttpClient({ getApiKey: () => 'k', fetchImpl: conflict.fn });
    const err = (await http1.request('DELETE', '/api/v1/branchOffice/2').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', detail: 'La sucursal 2 tiene puntos de venta abiertos: ciérrelos primero' });
    expect(describeError(err)).toEqual(['La sucursal 2 tiene puntos de venta abiertos: ciérrelos primero']);

    const invalid = fakeFetch(422, { message: 'VALIDATION_FAILED', errors: [{ field: 'city', message: 'no puede estar en blanco' }], success: false, data: null });
    const http2 = createHttpClient({ getApiKey: () => 'k', fetchImpl: invalid.fn });
    await expect(http2.request('POST', '/api/v1/branchOffice')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'campo city: no puede estar en blanco',
      fields: [{ field: 'city', rule: '', message: 'no puede estar en blanco' }],
    });
  });

  it('unwraps the sector envelope on success', async () => {
    const f = fakeFetch(200, { message: 'COMPLETED', errors: null, success: true, data: [{ branchId: 1, siatCode: 0 }] });
    const api = createKipuApi(createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn }));
    await expect(api.branchOffices()).resolves.toEqual([{ branchId: 1, siatCode: 0 }]);
    expect(f.calls[0]!.url).toBe('/api/v1/branchOffice');
  });

  it('does not repeat a SIAT rejection whose detail is already "SIAT <code>: <text>"', () => {
    const err = new ApiError(422, {
      code: 'SIAT_REJECTED',
      detail: 'SIAT 947: TIPO DE PUNTO DE VENTA INVALIDO',
      siatCode: 947,
      siatMessages: [{ codigo: 947, descripcion: 'TIPO DE PUNTO DE VENTA INVALIDO' }],
    });
    expect(describeError(err)).toEqual(['SIAT 947: TIPO DE PUNTO DE VENTA INVALIDO']);
  });

  it('calls a route of the contract: its method, its path with the parameters encoded, the query, the key', async () => {
    const f = fakeFetch(200, { success: true, data: { id: 'a/b', state: 'VALIDATED' } });
    const http = createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn });
    await expect(http.call(ROUTES.invoices.cancel, { params: { id: 'a/b' }, query: { motivoSiat: 3 } })).resolves.toEqual({ id: 'a/b', state: 'VALIDATED' });
    expect(f.calls[0]!.url).toBe('/api/v1/invoices/a%2Fb/cancel?motivoSiat=3');
    expect(f.calls[0]!.init.method).toBe('POST');
    expect((f.calls[0]!.init.headers as Record<string, string>)['X-API-Key']).toBe('k');
    await http.call(ROUTES.till.login, { body: { posId: 'p', user: 'ana', pin: '1234' } });
    expect((f.calls[1]!.init.headers as Record<string, string>)['X-API-Key']).toBeUndefined();
    expect(f.calls[1]!.init.body).toBe('{"posId":"p","user":"ana","pin":"1234"}');
  });

  it('refuses to call a route whose path parameter is missing, before any request', () => {
    const f = fakeFetch(200, { success: true, data: null });
    const http = createHttpClient({ getApiKey: () => 'k', fetchImpl: f.fn });
    expect(() => http.call(ROUTES.invoices.get, { params: {} as { id: string } })).toThrow(/Falta el parámetro «id»/);
    expect(f.calls).toHaveLength(0);
  });

  it('builds query strings without empty values', () => {
    expect(buildQuery({ q: 'a b', page: 0, state: '', from: undefined })).toBe('?q=a%20b&page=0');
  });

  it('shows SIAT code alone when no messages come', () => {
    expect(describeError(new ApiError(503, { code: 'SIAT', detail: 'Sin respuesta', siatCode: 995 }))).toEqual(['SIAT 995: Sin respuesta']);
  });
});

describe('field problems', () => {
  it('lists the field messages of a 400 after the detail', () => {
    const err = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      detail: 'Datos inválidos.',
      fields: [{ field: 'details[0].priceUnit', rule: 'decimals', message: 'El precio admite 2 decimales.' }],
    });
    expect(describeError(err)).toEqual(['Datos inválidos.', 'El precio admite 2 decimales.']);
  });
});
