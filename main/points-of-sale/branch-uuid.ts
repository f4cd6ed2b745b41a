// The UUID by which the seed names a branch office (contingency `branchId`, issue 28 item 4).
// Kipu's branches have integer ids; their UUID is derived from the tenant and that id (RFC 4122
// version 5 layout over SHA-1), so it is the same on every start and for every reader without a
// column (no migration) and never collides across tenants or branches.
import { createHash } from 'node:crypto';

export function branchUuid(tenantId: string, branchId: number): string {
  const h = createHash('sha1').update(`kipu:branch-office:${tenantId}:${branchId}`).digest().subarray(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
