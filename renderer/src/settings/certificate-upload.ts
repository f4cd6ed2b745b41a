// The certificate the administrator chose, as the engine's upload body: a .p12/.pfx with its
// password, or a PEM key and certificate (modalidad electrónica signs with it).
import type { CertificateUpload } from '../../../shared/api-types';
import { NoticeError } from '../api/errors';

export type CertificateChoice =
  | { kind: 'p12'; p12: File | null; password: string }
  | { kind: 'pem'; keyPem: File | null; certPem: File | null };

export async function certificateUpload(choice: CertificateChoice): Promise<CertificateUpload> {
  if (choice.kind === 'p12') {
    if (!choice.p12) throw new NoticeError('Elija el archivo .p12');
    return { p12Base64: await readBase64(choice.p12), password: choice.password };
  }
  if (!choice.keyPem || !choice.certPem) throw new NoticeError('Elija la clave y el certificado PEM');
  return { keyPem: await choice.keyPem.text(), certPem: await choice.certPem.text() };
}

async function readBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  // In slices: String.fromCharCode(...all) overflows the call stack on a large file.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
