// What an API key may do (issue 19, finding 13). A key holds one or more scopes; a route names
// the scopes that may call it (main/api/access.ts). Shared with the renderer, which shows them
// in Configuración > Claves de API and creates till keys.
export const SCOPES = ['admin', 'till', 'integrator'] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope covers, as the keys screen and the OpenAPI document say it. */
export const SCOPE_LABELS: Record<Scope, string> = {
  admin: 'Administración: configuración, claves, certificado, token SIAT, impresora, SMTP, webhooks, sucursales y puntos de venta',
  till: 'Caja: vender, anular, imprimir, consultar, sincronizar catálogos y CUFD, contingencias',
  integrator: 'Integración: API de facturas y webhooks',
};

export function isScope(v: unknown): v is Scope {
  return typeof v === 'string' && (SCOPES as readonly string[]).includes(v);
}
