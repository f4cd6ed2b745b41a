// The engine listens on loopback unless KIPU_HOST says otherwise (issue 16). When it is told
// otherwise it serves plain HTTP to the store's network: API keys and customers' data cross that
// network in clear unless a TLS proxy sits in front (KIPU_PUBLIC_URL https://…). Say so at start.
import { isIP } from 'node:net';

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** A Spanish warning for the operator, or null when nothing leaves this machine unencrypted. */
export function exposureWarning(host: string, publicUrl: string | null): string | null {
  if (isLoopback(host)) return null;
  if (publicUrl !== null && publicUrl.startsWith('https://')) return null;
  return (
    `Atención: el motor atiende en ${host}, fuera de este equipo, con HTTP sin cifrar. ` +
    'Las claves de API y los datos de las facturas viajan en claro por la red del local: ' +
    'ponga un proxy TLS delante y declare su dirección https en KIPU_PUBLIC_URL, o use KIPU_HOST=127.0.0.1.'
  );
}
