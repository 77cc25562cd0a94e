import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvRecord } from './csv.ts';

describe('CSV cells (RFC 4180, OWASP CSV injection)', () => {
  it('neutralises every formula start with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
  });

  it('quotes text so separators, quotes and line breaks stay inside the cell', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvCell('x;=cmd')).toBe('"x;=cmd"');
  });

  it('keeps numbers as numbers, and empty for nothing', () => {
    expect(csvCell(-87.6298)).toBe('-87.6298');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvRecord(['a', 1, null])).toBe('"a",1,\r\n');
  });

  it('writes a BOM and a header, then one chunk per page', async () => {
    async function* pages() {
      yield [{ n: 'a' }, { n: '-b' }];
      yield [];
      yield [{ n: 'c' }];
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks([{ header: 'Name', value: (r: { n: string }) => r.n }], pages())) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFF"Name"\r\n', `"a"\r\n"'-b"\r\n`, '"c"\r\n']);
  });
});
