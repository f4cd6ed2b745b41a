// Seed "Object storage": the health checks and the company logo upload.
import Type from 'typebox';

export const StorageHealthSchema = Type.Object({ objectstoreEnabled: Type.Boolean(), backend: Type.String(), timestamp: Type.String() });
export const StorageSelfTestSchema = Type.Object({ upload: Type.Boolean(), exists: Type.Boolean(), download: Type.Boolean(), contentMatch: Type.Boolean() });

export const LogoUploadQuery = Type.Object({ companyId: Type.String({ format: 'uuid', description: 'Id de la empresa (el contribuyente de la clave de API)' }) });
export const LogoUploadResultSchema = Type.Object({ objectKey: Type.String(), cdnUrl: Type.String(), size: Type.Integer(), width: Type.Integer(), height: Type.Integer() });
