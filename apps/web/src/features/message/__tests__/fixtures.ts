import type { MessageRow } from '@andes/contract/message/schemas';

export function row(over: Partial<MessageRow> = {}): MessageRow {
  return {
    id: 11,
    kind: 'MESSAGE',
    category: 'PROVIDER',
    title: 'Chargeback ratio above 0.5% in Mexico',
    content: 'Card chargebacks reached 0.62% last week.',
    link: null,
    params: null,
    publishedAt: '2026-03-02T15:00:00.000Z',
    read: false,
    ...over,
  };
}

export const pageOf = (list: MessageRow[]) => ({ list, total: list.length, totalCapped: false, nextCursor: null });
