// Taxpayers (tenants). A new tenant always starts with branch 0 (CASA MATRIZ) and point of
// sale 0, the ones SIAT knows every taxpayer by (CONTRACT.md §2.1: codigoSucursal 0).
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import { DomainError } from '../errors/domain-error';

export interface Tenant {
  id: string;
  nit: string;
  razonSocial: string;
  municipio: string;
  direccion: string;
  telefono: string | null;
  codigoSistema: string | null;
  ambiente: 1 | 2;
  modalidad: 1 | 2;
  training: boolean;
  /**
   * A provider (integrator) may register third parties it invoices for, each as a tenant of its
   * own (seed 001 "Third-party users", docs/decisions/0013-third-party-users.md). Set with the
   * admin CLI; the demo tenant is one in training mode.
   */
  provider: boolean;
  createdAt: string;
}

export interface NewTenant {
  nit: string;
  razonSocial: string;
  municipio?: string;
  direccion?: string;
  telefono?: string | null;
  codigoSistema?: string | null;
  ambiente?: 1 | 2;
  modalidad?: 1 | 2;
  training?: boolean;
  /** The casa matriz's city and description (default: the municipio, "Casa matriz"). */
  casaMatriz?: { city?: string; description?: string };
}

export class TenantError extends DomainError<'DUPLICATE_NIT' | 'INVALID_NIT' | 'INVALID_NAME' | 'NOT_FOUND'> {
  readonly domain = 'tenant';
  override name = 'TenantError';
}

interface Row {
  id: string;
  nit: string;
  razon_social: string;
  municipio: string;
  direccion: string;
  telefono: string | null;
  codigo_sistema: string | null;
  ambiente: number;
  modalidad: number;
  training: number;
  provider: number;
  created_at: string;
}

function toTenant(r: Row): Tenant {
  return {
    id: r.id,
    nit: r.nit,
    razonSocial: r.razon_social,
    municipio: r.municipio,
    direccion: r.direccion,
    telefono: r.telefono,
    codigoSistema: r.codigo_sistema,
    ambiente: r.ambiente === 1 ? 1 : 2,
    modalidad: r.modalidad === 1 ? 1 : 2,
    training: r.training === 1,
    provider: r.provider === 1,
    createdAt: r.created_at,
  };
}

export class TenantRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates the tenant with its branch 0 and point of sale 0, in one transaction. */
  create(input: NewTenant): Tenant {
    const nit = String(input.nit).trim();
    // NIT: 1–13 digits per the XSD (nitEmisor int 1–9999999999999).
    if (!/^[1-9]\d{0,12}$/.test(nit)) {
      throw new TenantError('INVALID_NIT', `NIT inválido "${input.nit}": debe tener de 1 a 13 dígitos y no empezar con 0`);
    }
    const razonSocial = input.razonSocial.trim();
    if (razonSocial.length < 1 || razonSocial.length > 200) {
      throw new TenantError('INVALID_NAME', 'La razón social es obligatoria (1 a 200 caracteres)');
    }
    const at = this.now().toISOString();
    const id = randomUUID();
    const tx = this.db.transaction(() => {
      const dup = prepared(this.db, 'SELECT 1 FROM tenants WHERE nit = ?').get(nit);
      if (dup) throw new TenantError('DUPLICATE_NIT', `Ya existe un contribuyente con NIT ${nit}`);
      prepared(this.db, 
          `INSERT INTO tenants (id, nit, razon_social, municipio, direccion, telefono, codigo_sistema, ambiente, modalidad, training, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          nit,
          razonSocial,
          input.municipio ?? '',
          input.direccion ?? '',
          input.telefono ?? null,
          input.codigoSistema ?? null,
          input.ambiente ?? 2,
          input.modalidad ?? 2,
          input.training ? 1 : 0,
          at,
        );
      const branch = prepared(this.db, 
          `INSERT INTO branches (tenant_id, codigo_sucursal, name, municipality, address, city, phone, description, created_at)
           VALUES (?, 0, 'CASA MATRIZ', ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          input.municipio ?? '',
          input.direccion ?? '',
          input.casaMatriz?.city ?? input.municipio ?? '',
          input.telefono ?? '',
          input.casaMatriz?.description ?? 'Casa matriz',
          at,
        );
      prepared(this.db, `INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES (?, ?, ?, 0, 'Caja principal', ?)`)
        .run(randomUUID(), id, Number(branch.lastInsertRowid), at);
    });
    tx.immediate();
    return this.byId(id)!;
  }

  byId(id: string): Tenant | null {
    const r = prepared(this.db, 'SELECT * FROM tenants WHERE id = ?').get(id) as Row | undefined;
    return r ? toTenant(r) : null;
  }

  byNit(nit: string): Tenant | null {
    const r = prepared(this.db, 'SELECT * FROM tenants WHERE nit = ?').get(String(nit)) as Row | undefined;
    return r ? toTenant(r) : null;
  }

  list(): Tenant[] {
    return (prepared(this.db, 'SELECT * FROM tenants ORDER BY created_at, nit').all() as Row[]).map(toTenant);
  }

  /** Marks or unmarks the tenant as a provider of third-party users (admin CLI; training's demo tenant). */
  setProvider(id: string, provider: boolean): Tenant {
    const r = prepared(this.db, 'UPDATE tenants SET provider = ? WHERE id = ?').run(provider ? 1 : 0, id);
    if (r.changes === 0) throw new TenantError('NOT_FOUND', `Contribuyente ${id} no encontrado`);
    return this.byId(id)!;
  }

  updateProfile(
    id: string,
    p: Partial<Pick<Tenant, 'razonSocial' | 'municipio' | 'direccion' | 'telefono' | 'codigoSistema' | 'ambiente' | 'modalidad'>>,
  ): Tenant {
    const cur = this.byId(id);
    if (!cur) throw new TenantError('NOT_FOUND', `Contribuyente ${id} no encontrado`);
    const next = { ...cur, ...p };
    prepared(this.db, 
        `UPDATE tenants SET razon_social = ?, municipio = ?, direccion = ?, telefono = ?, codigo_sistema = ?, ambiente = ?, modalidad = ? WHERE id = ?`,
      )
      .run(next.razonSocial, next.municipio, next.direccion, next.telefono, next.codigoSistema, next.ambiente, next.modalidad, id);
    return this.byId(id)!;
  }
}
