// The current sale's client and the NIT check.
import { create } from 'zustand';
import { DOCUMENT_TYPE } from '../../../shared/api-types';
import { api } from '../api';
import { ApiError, describeErrorText } from '../api/errors';
import { EMPTY_CLIENT, QUICK_CLIENT, type Client } from './client';
import { specialNitName } from '../../../shared/siat-codes';

interface ClientState {
  client: Client;
  update(patch: Partial<Client>): void;
  quick(): void;
  reset(): void;
  /** Asks SIAT (through the engine) whether the NIT is valid; returns the new status. */
  verifyNit(posId: string): Promise<Client['nitStatus']>;
}

// Fields whose change invalidates a NIT check.
const NIT_FIELDS: (keyof Client)[] = ['documentType', 'documentNumber'];

export const useClient = create<ClientState>()((set, get) => ({
  client: EMPTY_CLIENT,

  update(patch) {
    set((s) => {
      const next = { ...s.client, ...patch };
      if (NIT_FIELDS.some((f) => f in patch && patch[f] !== s.client[f])) {
        next.nitStatus = 'unchecked';
        next.nitMessage = '';
        next.exception = false;
      }
      if (next.documentType !== DOCUMENT_TYPE.CI) next.complement = '';
      return { client: next };
    });
  },

  quick: () => set({ client: QUICK_CLIENT }),
  reset: () => set({ client: EMPTY_CLIENT }),

  async verifyNit(posId) {
    const c = get().client;
    const digits = c.documentNumber.trim();
    if (c.documentType !== DOCUMENT_TYPE.NIT) {
      set({ client: { ...c, nitMessage: 'La verificación aplica solo cuando el documento es NIT.' } });
      return c.nitStatus;
    }
    const special = specialNitName(digits);
    if (special) {
      // The SIN's special codes are nobody's NIT: SIAT is not asked, the exception goes with them.
      set({ client: { ...c, exception: true, nitMessage: `Código especial del SIN (${special}): se emite con excepción, sin verificar.` } });
      return c.nitStatus;
    }
    if (!/^\d{5,20}$/.test(digits)) {
      set({ client: { ...c, nitStatus: 'invalid', nitMessage: 'El NIT debe tener solo dígitos.' } });
      return 'invalid';
    }
    set({ client: { ...c, nitStatus: 'checking', nitMessage: 'Verificando NIT…' } });
    let status: Client['nitStatus'];
    let message: string;
    try {
      const r = await api.checkNit(posId, Number(digits));
      status = r.valido ? 'valid' : 'invalid';
      message = r.mensaje || (r.valido ? 'NIT ACTIVO' : 'NIT INEXISTENTE');
    } catch (err) {
      status = 'unverifiable';
      message =
        err instanceof ApiError && (err.status === 503 || err.isNetwork)
          ? 'No se pudo verificar el NIT: el SIAT no responde.'
          : describeErrorText(err);
    }
    // The cashier may have edited the number meanwhile: keep the answer only if it still applies.
    const now = get().client;
    if (now.documentNumber.trim() !== digits || now.documentType !== DOCUMENT_TYPE.NIT) return now.nitStatus;
    set({ client: { ...now, nitStatus: status, nitMessage: message } });
    return status;
  },
}));
