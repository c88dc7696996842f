import { expect, test } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

test('an ASCII name is quoted and repeated as UTF-8', () => {
  expect(contentDisposition('report-2026-03.xlsx')).toBe(
    `attachment; filename="report-2026-03.xlsx"; filename*=UTF-8''report-2026-03.xlsx`,
  );
});

test('non-ASCII names get an ASCII fallback and an exact filename*', () => {
  expect(contentDisposition('Relatório março ✓.xlsx')).toBe(
    `attachment; filename="Relatorio marco _.xlsx"; filename*=UTF-8''Relat%C3%B3rio%20mar%C3%A7o%20%E2%9C%93.xlsx`,
  );
  expect(contentDisposition('对账单.csv')).toBe(`attachment; filename="___.csv"; filename*=UTF-8''%E5%AF%B9%E8%B4%A6%E5%8D%95.csv`);
});

test('quotes, separators, path parts and line breaks cannot break out of the header', () => {
  const header = contentDisposition('a"b;c\r\nSet-Cookie: x=1/../d\\e.txt');
  expect(header).not.toMatch(/[\r\n]/);
  expect(header).toBe(
    `attachment; filename="a_b_c__Set-Cookie: x=1_.._d_e.txt"; filename*=UTF-8''a%22b%3Bc__Set-Cookie%3A%20x%3D1_.._d_e.txt`,
  );
});
