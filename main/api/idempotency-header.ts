// The Idempotency-Key header every issuing or registering route takes: a retry with the same key
// gets the same answer (invoices, sector documents, batches, points of sale).
import Type from 'typebox';

export const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });
