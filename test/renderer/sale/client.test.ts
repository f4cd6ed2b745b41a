import { describe, expect, it } from 'vitest';
import { EMPTY_CLIENT, QUICK_CLIENT, clientCode, needsNitCheck, validateClient, type Client } from '../../../renderer/src/sale/client';

const nit = (over: Partial<Client> = {}): Client => ({ ...EMPTY_CLIENT, documentType: 5, documentNumber: '1020304050', businessName: 'EMPRESA SRL', ...over });

describe('client', () => {
  it('the quick client (F5) is 99002 CONTROL TRIBUTARIO as NIT with the exception, up to Bs 3.000', () => {
    expect(QUICK_CLIENT).toMatchObject({ documentType: 5, documentNumber: '99002', businessName: 'CONTROL TRIBUTARIO', exception: true });
    expect(validateClient(QUICK_CLIENT, 300000)).toEqual([]);
    expect(validateClient(QUICK_CLIENT, 300001)[0]).toMatch(/Bs 3\.000,00/);
    expect(clientCode(QUICK_CLIENT)).toBe('99002');
  });

  it('asks for a document and a name', () => {
    const errs = validateClient(EMPTY_CLIENT, 1000);
    expect(errs.some((e) => /documento/.test(e))).toBe(true);
    expect(errs.some((e) => /razón social/.test(e))).toBe(true);
  });

  it('blocks a NIT SIAT said is invalid unless the exception is chosen; an unchecked or unverifiable one never waits', () => {
    expect(validateClient(nit({ nitStatus: 'invalid' }), 1000)[0]).toMatch(/NIT no es válido/);
    expect(validateClient(nit({ nitStatus: 'invalid', exception: true }), 1000)).toEqual([]);
    expect(validateClient(nit({ nitStatus: 'unverifiable' }), 1000)).toEqual([]);
    expect(validateClient(nit({ nitStatus: 'unchecked' }), 1000)).toEqual([]);
  });

  it('builds clientCode from the CI and its complement', () => {
    expect(clientCode({ ...EMPTY_CLIENT, documentNumber: '1234567', complement: '1A', businessName: 'ANA' })).toBe('1234567-1A');
  });

  it('checks the NIT only when online, unchecked and without exception', () => {
    expect(needsNitCheck(nit(), true)).toBe(true);
    expect(needsNitCheck(nit(), false)).toBe(false);
    expect(needsNitCheck(nit({ nitStatus: 'valid' }), true)).toBe(false);
    expect(needsNitCheck(nit({ exception: true }), true)).toBe(false);
    expect(needsNitCheck({ ...QUICK_CLIENT }, true)).toBe(false);
    // A special code typed by hand is not sent to SIAT either.
    for (const code of ['99001', '99002', '99003']) expect(needsNitCheck(nit({ documentNumber: code }), true)).toBe(false);
  });
});
