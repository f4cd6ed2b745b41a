// The taxpayer's signing certificate for the electronic modality (CONTRACT.md §3.4). The
// certificate (public) lives in the settings table; its private key only in the secret store.
// Training tenants get a self-signed certificate generated on first use.
import type { SettingsStore } from '../store/settings-store';
import { KeystoreUnavailableError, type SecretStore } from '../config/secrets';
import type { Tenant } from '../store/tenants';
import { createXmlSigner, type XmlSigner } from './signing';
import { generateTrainingCertificate, loadCertificate, type LoadedCertificate } from './certificate';
import { DomainError } from '../errors/domain-error';

export interface CertificateInfo {
  certPem: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  training: boolean;
}

export class MissingCertificateError extends DomainError<'MISSING'> {
  readonly domain = 'missingCertificate';
  override name = 'MissingCertificateError';
  constructor() {
    super('MISSING', 'Falta el certificado digital del contribuyente (modalidad electrónica): cárguelo en Configuración o con POST /api/v1/settings/certificate');
  }
}

const keyName = (tenantId: string) => `cert.key.${tenantId}`;

export class SignerProvider {
  private readonly cache = new Map<string, { certPem: string; keyPem: string; signer: XmlSigner }>();
  /**
   * Training keys the secret store refused (a desktop without keystore, decision 0040): kept in
   * memory only, a new certificate next start. A training certificate signs nothing fiscal.
   */
  private readonly trainingKeys = new Map<string, string>();

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  info(tenantId: string): CertificateInfo | null {
    return this.settings.get<CertificateInfo>(tenantId, 'certificate');
  }

  install(tenantId: string, cert: LoadedCertificate, training = false): CertificateInfo {
    const info: CertificateInfo = {
      certPem: cert.certPem,
      subject: cert.subject,
      notBefore: cert.notBefore.toISOString(),
      notAfter: cert.notAfter.toISOString(),
      training,
    };
    try {
      this.secrets.set(keyName(tenantId), cert.keyPem);
    } catch (err) {
      if (!(training && err instanceof KeystoreUnavailableError)) throw err;
      this.trainingKeys.set(tenantId, cert.keyPem);
    }
    this.settings.set(tenantId, 'certificate', info);
    this.cache.delete(tenantId);
    return info;
  }

  forTenant(tenant: Tenant): XmlSigner {
    let info = this.info(tenant.id);
    // The key is read from the secret store (a decryption) only when the certificate changed:
    // this runs on every electronic sale.
    const cached = this.cache.get(tenant.id);
    if (info && cached && cached.certPem === info.certPem) return cached.signer;
    if (!info && tenant.training) info = this.installTraining(tenant);
    if (!info) throw new MissingCertificateError();
    let keyPem = this.keyOf(tenant.id);
    if (!keyPem && info.training && tenant.training) {
      // A training key an earlier run kept in memory only: a new training certificate.
      info = this.installTraining(tenant);
      keyPem = this.keyOf(tenant.id);
    }
    if (!keyPem) throw new MissingCertificateError();
    const signer = createXmlSigner({ keyPem, certPem: info.certPem });
    this.cache.set(tenant.id, { certPem: info.certPem, keyPem, signer });
    return signer;
  }

  /**
   * The key and certificate forTenant's signer holds, checked the same way, for a worker thread
   * that signs in the engine's stead (a massive batch's step, decision 0072).
   */
  material(tenant: Tenant): { keyPem: string; certPem: string } {
    this.forTenant(tenant);
    const { keyPem, certPem } = this.cache.get(tenant.id)!;
    return { keyPem, certPem };
  }

  private keyOf(tenantId: string): string | null {
    return this.secrets.get(keyName(tenantId)) ?? this.trainingKeys.get(tenantId) ?? null;
  }

  private installTraining(tenant: Tenant): CertificateInfo {
    const gen = generateTrainingCertificate({ nit: tenant.nit, razonSocial: tenant.razonSocial, now: this.now() });
    return this.install(tenant.id, loadCertificate(gen), true);
  }
}
