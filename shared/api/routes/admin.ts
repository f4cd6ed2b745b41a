// Administration: what changes who the store is, what it trusts and where it sends data — the
// store's people, settings, keys, printer, mail, storage, the seed's third-party users and the
// "Autorización SIN" screen (the contract: route.ts, decision 0080).
import Type from 'typebox';
import { PageQuery, pageSchema } from '../envelope';
import { NewTillUserBody, TillPolicySchema, TillUserChangeBody, TillUserSchema } from '../till-users';
import { CertificateBody, CertificateInfoSchema, SalesSettingsSchema, SiatSettingsSchema, TaxpayerBody, TaxpayerSchema, type SiatSettingsInput } from '../settings';
import { ApiKeySchema, CreateApiKeyBody, CreatedApiKeySchema, CurrentKeySchema, RevokedApiKeySchema } from '../keys';
import { PrintOutcomeSchema, PrinterSettingsViewSchema, TillPrintingSchema, type PrinterSettings } from '../printing';
import { SmtpSettingsBody, SmtpSettingsSchema } from '../mail';
import { LogoUploadQuery, LogoUploadResultSchema, StorageHealthSchema, StorageSelfTestSchema } from '../storage';
import { CreateThirdPartyUserBody, CreatedThirdPartyUserSchema, ThirdPartyUserSchema } from '../third-party-users';
import { RehearsalBody, type CertificationStatus, type OnboardingResult, type SelfCheckResult } from '../certification';
import { ADMIN, ANY, STORE, TILL, file, route, typed } from './route';

/** The store's people (issue 27): the administrator manages them and the cashiers' limits. */
export const TILL_USER_ROUTES = {
  list: route('GET', '/api/v1/till-users', ADMIN, {
    query: Type.Intersect([PageQuery, Type.Object({ active: Type.Optional(Type.Boolean({ description: 'Solo activos (true) o solo desactivados (false)' })) })]),
    response: pageSchema(TillUserSchema),
  }),
  create: route('POST', '/api/v1/till-users', ADMIN, { body: NewTillUserBody, response: TillUserSchema }),
  get: route('GET', '/api/v1/till-users/:id', ADMIN, { response: TillUserSchema }),
  update: route('PUT', '/api/v1/till-users/:id', ADMIN, { body: TillUserChangeBody, response: TillUserSchema }),
  policy: route('GET', '/api/v1/till-users/policy', ADMIN, { response: TillPolicySchema }),
  savePolicy: route('PUT', '/api/v1/till-users/policy', ADMIN, { body: TillPolicySchema, response: TillPolicySchema }),
} as const;

export const SETTINGS_ROUTES = {
  sales: route('GET', '/api/v1/settings/sales', ADMIN, { response: SalesSettingsSchema }),
  saveSales: route('PUT', '/api/v1/settings/sales', ADMIN, { body: SalesSettingsSchema, response: SalesSettingsSchema }),
  taxpayer: route('GET', '/api/v1/settings/taxpayer', ADMIN, { response: TaxpayerSchema }),
  saveTaxpayer: route('PUT', '/api/v1/settings/taxpayer', ADMIN, { body: TaxpayerBody, response: TaxpayerSchema }),
  siat: route('GET', '/api/v1/settings/siat', ADMIN, { response: SiatSettingsSchema }),
  // The body's schema names the URLs this engine accepts (main/api/routes/settings.ts builds it).
  saveSiat: route('PUT', '/api/v1/settings/siat', ADMIN, { body: typed<SiatSettingsInput>(), response: SiatSettingsSchema }),
  uploadCertificate: route('POST', '/api/v1/settings/certificate', ADMIN, { body: CertificateBody, response: CertificateInfoSchema }),
  keys: route('GET', '/api/v1/keys', ADMIN, { response: Type.Array(ApiKeySchema) }),
  // Any key: the till asks it which forms to offer (a till key sees Sucursales read-only).
  currentKey: route('GET', '/api/v1/keys/current', ANY, { response: CurrentKeySchema }),
  createKey: route('POST', '/api/v1/keys', ADMIN, { body: CreateApiKeyBody, response: CreatedApiKeySchema }),
  revokeKey: route('DELETE', '/api/v1/keys/:id', ADMIN, { response: RevokedApiKeySchema }),
  smtp: route('GET', '/api/v1/settings/smtp', ADMIN, { response: SmtpSettingsSchema }),
  saveSmtp: route('PUT', '/api/v1/settings/smtp', ADMIN, { body: SmtpSettingsBody, response: SmtpSettingsSchema }),
  removeSmtp: route('DELETE', '/api/v1/settings/smtp', ADMIN, { response: SmtpSettingsSchema }),
} as const;

/** The printer: the administrator's settings; what the till needs to print. */
export const PRINTING_ROUTES = {
  // Bodies checked field by field by validatePrinterSettings (Spanish messages, 422), not by schema.
  settings: route('GET', '/api/v1/settings/printer', ADMIN, { response: PrinterSettingsViewSchema }),
  save: route('PUT', '/api/v1/settings/printer', ADMIN, { body: typed<PrinterSettings>(), response: PrinterSettingsViewSchema }),
  test: route('POST', '/api/v1/settings/printer/test', ADMIN, { body: typed<PrinterSettings | undefined>(), response: PrintOutcomeSchema }),
  tillSettings: route('GET', '/api/v1/printing/till-settings', TILL, { response: TillPrintingSchema }),
} as const;

/** Object storage (seed 000) and the brand's logo. */
export const STORAGE_ROUTES = {
  status: route('GET', '/api/v1/storage/status', STORE, { response: StorageHealthSchema }),
  test: route('POST', '/api/v1/storage/test', ADMIN, { response: StorageSelfTestSchema, demoKeyInTraining: true }),
  /** A PNG body (image/png), not JSON. */
  logo: route('POST', '/api/v1/storage/brand/logo', ADMIN, { query: LogoUploadQuery, response: LogoUploadResultSchema, demoKeyInTraining: true }),
} as const;

/** Seed 001's third-party users. */
export const THIRD_PARTY_USER_ROUTES = {
  list: route('GET', '/api/v1/user/additional', ADMIN, { response: Type.Array(ThirdPartyUserSchema), demoKeyInTraining: true }),
  create: route('POST', '/api/v1/user/additional', ADMIN, { body: CreateThirdPartyUserBody, response: CreatedThirdPartyUserSchema, demoKeyInTraining: true }),
  get: route('GET', '/api/v1/user/additional/:userId', ADMIN, { response: ThirdPartyUserSchema, demoKeyInTraining: true }),
} as const;

/** The manager's "Autorización SIN" screen (issue 29): the administrator's (it shows the system code). */
export const CERTIFICATION_ROUTES = {
  status: route('GET', '/api/v1/certification', ADMIN, { response: typed<CertificationStatus>() }),
  reportJson: route('GET', '/api/v1/certification/report.json', ADMIN, { response: typed<unknown>() }),
  reportPdf: route('GET', '/api/v1/certification/report.pdf', ADMIN, { response: file() }),
  selfCheck: route('GET', '/api/v1/certification/self-check', ADMIN, { response: typed<SelfCheckResult>() }),
  onboarding: route('GET', '/api/v1/certification/onboarding', ADMIN, { response: typed<OnboardingResult>() }),
  /** Training only: starts (or resumes) a rehearsal of Phase I against the simulator; 409 says why not. */
  rehearsal: route('POST', '/api/v1/certification/rehearsal', ADMIN, { body: RehearsalBody, response: typed<{ enCurso: boolean }>() }),
  /** 422 with what is missing while anything is. */
  goLive: route('POST', '/api/v1/certification/go-live', ADMIN, { response: typed<OnboardingResult>() }),
} as const;
