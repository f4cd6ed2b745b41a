// The dashboard's calls to Kipu Central's API (/central/api/…) with the owner's key. The key
// lives in sessionStorage only: closing the tab forgets it.
import type { ChainInvoicePage, SalesByDay, SalesToday, TillOverview } from '../../../shared/api/central';

const KEY = 'kipu-central-key';

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  set: (k: string) => sessionStorage.setItem(KEY, k),
  clear: () => sessionStorage.removeItem(KEY),
};

export class CentralApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, key = session.key(), init: { method: 'POST'; body: unknown } | null = null): Promise<T> {
  const res = await fetch(path, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(init ? { 'content-type': 'application/json' } : {}) },
    ...(init ? { method: init.method, body: JSON.stringify(init.body) } : {}),
  });
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new CentralApiError(res.status, body?.message ?? `Error HTTP ${res.status}`);
  return body as T;
}

export interface CentralSession {
  nit: string;
  name: string;
  today: string;
  allowLocalPrices: boolean;
}

export const centralApi = {
  session: (key?: string) => call<CentralSession>('/central/api/session', key),
  salesToday: () => call<SalesToday>('/central/api/sales/today'),
  salesByDay: () => call<SalesByDay>('/central/api/sales/by-day'),
  tills: () => call<TillOverview>('/central/api/tills'),
  /** Revokes a till's credential (decision 0045): its next push is refused. */
  revokeTill: (tillId: string) => call<{ revokedAt: string }>(`/central/api/tills/${tillId}/revoke`, session.key(), { method: 'POST', body: {} }),
  invoices: (q: string) => call<ChainInvoicePage>(`/central/api/invoices?q=${encodeURIComponent(q)}&size=20`),
  /** The PDF as a blob URL (the request needs the key, a plain link would not carry it). */
  async pdfUrl(tillId: string, id: string): Promise<string> {
    const res = await fetch(`/central/api/invoices/${tillId}/${encodeURIComponent(id)}/pdf`, { headers: { authorization: `Bearer ${session.key() ?? ''}` } });
    if (!res.ok) throw new CentralApiError(res.status, 'No se pudo obtener el PDF');
    return URL.createObjectURL(await res.blob());
  },
};
