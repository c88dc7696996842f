import { ClientRequestIdSchema } from '@andes/contract/accounting/schemas';

/**
 * A creation's request id or idempotency key (ClientRequestIdSchema): made once per opening of a
 * form, drawer or dialog and sent with every try, so a double click or a retry makes one thing.
 */
export function newRequestId(): string {
  return ClientRequestIdSchema.parse(crypto.randomUUID().replace(/-/g, ''));
}
