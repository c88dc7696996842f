import { describe, expect, it } from 'vitest';
import { isSvgText, OCTET_STREAM, sniffContentType } from './content-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe('sniffContentType', () => {
  it('recognises each previewable image format by its magic bytes, whatever the name says', () => {
    expect(sniffContentType('receipt.png', PNG)).toBe('image/png');
    expect(sniffContentType('receipt.PNG', PNG)).toBe('image/png');
    expect(sniffContentType('photo.jpg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffContentType('anim.gif', text('GIF89a......'))).toBe('image/gif');
    expect(sniffContentType('old.gif', text('GIF87a......'))).toBe('image/gif');
    expect(sniffContentType('pic.webp', text('RIFF\u0001\u0002\u0003\u0004WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType('scan.bmp', text('BM6\u0000\u0000\u0000'))).toBe('image/bmp');
    expect(sniffContentType('scan.tiff', bytes(0x49, 0x49, 0x2a, 0x00, 8, 0))).toBe('image/tiff');
    expect(sniffContentType('scan.tif', bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 8))).toBe('image/tiff');
    expect(sniffContentType('design.psd', text('8BPS\u0000\u0001'))).toBe('image/vnd.adobe.photoshop');
    // A JPEG named .png is still a JPEG.
    expect(sniffContentType('photo.png', bytes(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg');
  });

  it('gives no image type to bytes that only claim to be one', () => {
    expect(sniffContentType('evil.png', text('<html><script>alert(1)</script></html>'))).toBe(OCTET_STREAM);
    expect(sniffContentType('evil.jpg', bytes(0x00, 0x01, 0x02))).toBe(OCTET_STREAM);
    // "BM" starts many texts: a bitmap only when the name says so too.
    expect(sniffContentType('notes.txt', text('BMW invoice 2026'))).toBe('text/plain; charset=utf-8');
    expect(sniffContentType('page.html', text('<!doctype html><p>hi</p>'))).toBe(OCTET_STREAM);
  });

  it('recognises SVG by its root element, after an XML prolog, comments and a doctype', () => {
    expect(sniffContentType('logo.svg', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(
      sniffContentType(
        'logo.svg',
        text(
          '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>',
        ),
      ),
    ).toBe('image/svg+xml');
    expect(sniffContentType('logo.svg', text('<html><svg></svg></html>'))).toBe(OCTET_STREAM);
    expect(isSvgText('<svgx>')).toBe(false);
  });

  it('tells zip-based office files and text formats apart by the name', () => {
    const zip = bytes(0x50, 0x4b, 0x03, 0x04, 20, 0);
    expect(sniffContentType('report.xlsx', zip)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sniffContentType('letter.docx', zip)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffContentType('bundle.bin', zip)).toBe('application/zip');
    expect(sniffContentType('invoice.pdf', text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType('remittance.csv', text('date,amount\n2026-03-01,10.00\n'))).toBe('text/csv; charset=utf-8');
    expect(sniffContentType('data.json', text('{"a":1}'))).toBe('application/json');
    // Not UTF-8, or with NUL bytes: not text.
    expect(sniffContentType('remittance.csv', bytes(0xff, 0xfe, 0x41, 0x00))).toBe(OCTET_STREAM);
    expect(sniffContentType('noext', text('hello'))).toBe(OCTET_STREAM);
  });
});
