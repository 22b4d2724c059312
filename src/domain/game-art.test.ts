import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeXml, etagOf, renderGameArtSvg, sniffImage } from './game-art.ts';

/** A strict well-formedness check of the SVG's own XML: balanced tags, quoted attributes, known entities. */
function xmlElements(xml: string): string[] {
  const names: string[] = [];
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let match: RegExpExecArray | null = token.exec(xml);
  while (match !== null) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    if (stray) throw new Error(`stray < at ${match.index}`);
    const checkEntities = (part: string) => {
      for (const amp of part.matchAll(/&[^;]*;?/g)) {
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(amp[0]))
          throw new Error(`bad entity ${amp[0]}`);
      }
    };
    if (text !== undefined) checkEntities(text);
    else if (name) {
      checkEntities(attributes ?? '');
      if (closing) {
        if (open.pop() !== name) throw new Error(`unbalanced </${name}>`);
      } else {
        names.push(name);
        if (!selfClosing) open.push(name);
      }
    }
    match = token.exec(xml);
  }
  if (open.length > 0) throw new Error(`unclosed ${open.join(', ')}`);
  return names;
}

describe('escapeXml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&apos;'],
    ['a & b < c > d " e \' f', 'a &amp; b &lt; c &gt; d &quot; e &apos; f'],
    ['&amp;', '&amp;amp;'],
  ])('%j -> %j', (input, output) => {
    expect(escapeXml(input)).toBe(output);
  });

  it('drops characters XML 1.0 cannot carry and keeps the rest', () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i))
      .filter((ch) => !'\t\n\r'.includes(ch))
      .join('');
    expect(escapeXml(`a${controls}b`)).toBe('ab');
    expect(escapeXml('tab\there\nnew\rline')).toBe('tab\there\nnew\rline');
    expect(escapeXml('\ud800lone\udfffsurrogates')).toBe('lonesurrogates');
    expect(escapeXml('\ufffe\uffffnon-characters')).toBe('non-characters');
    expect(escapeXml('Ünïcødé 🎰 歡迎')).toBe('Ünïcødé 🎰 歡迎');
  });
});

describe('renderGameArtSvg', () => {
  const hostile = `</text><script>alert(1)</script>&"'`;

  it('is well-formed XML with only the drawing elements, whatever the title', async () => {
    const svg = renderGameArtSvg('rf_unknown', hostile, undefined);
    const elements = new Set(xmlElements(svg));
    expect([...elements].sort()).toEqual(
      [
        'circle',
        'defs',
        'feComposite',
        'feFlood',
        'feGaussianBlur',
        'feMerge',
        'feMergeNode',
        'feOffset',
        'filter',
        'g',
        'linearGradient',
        'path',
        'radialGradient',
        'rect',
        'stop',
        'svg',
        'use',
      ].sort(),
    );
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain(hostile);
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&apos;');
    // A real XML parser (librsvg) reads it too.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 480, height: 360 });
  });

  it('escapes a title it letters as text (a script our typefaces lack) in the text as well', async () => {
    const svg = renderGameArtSvg('rf_unknown', `歡迎${hostile}`, undefined);
    expect(xmlElements(svg)).toContain('tspan');
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain('>歡迎&lt;/TEXT&gt;&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;&amp;&quot;&apos;</tspan>');
    await expect(sharp(Buffer.from(svg)).metadata()).resolves.toMatchObject({ format: 'svg' });
  });

  it('escapes the title in the aria-label attribute', () => {
    const svg = renderGameArtSvg('rf_x', `a" onload="alert(1)`, undefined);
    expect(svg).toContain('aria-label="a&quot; onload=&quot;alert(1)"');
    expect(svg).not.toContain('onload="');
  });

  it('survives control characters and long multi-line titles', async () => {
    const title = `Big\u0000Win \u0007 ${'Lucky '.repeat(20)}`;
    const svg = renderGameArtSvg('rf_x', title, undefined);
    expect([...svg].some((ch) => (ch.codePointAt(0) as number) < 9)).toBe(false);
    // At most three lines of lettering, the last one ending the title with an ellipsis.
    const lines = [...svg.matchAll(/<path id="kl-line-\d" class="kl-title" d="/g)];
    expect(lines).toHaveLength(3);
    await expect(sharp(Buffer.from(svg)).metadata()).resolves.toMatchObject({ format: 'svg' });
  });

  it('is the same for the same input, so its ETag is stable', () => {
    const a = renderGameArtSvg('rf_x', 'Title', undefined);
    expect(renderGameArtSvg('rf_x', 'Title', undefined)).toBe(a);
    expect(etagOf(a)).toBe(etagOf(Buffer.from(a)));
    expect(etagOf(a)).toMatch(/^"[\w-]{22}"$/);
    expect(etagOf(renderGameArtSvg('rf_x', 'Other', undefined))).not.toBe(etagOf(a));
  });
});

describe('sniffImage', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'webp'],
    [[0x89, 0x50, 0x4e, 0x47], undefined],
    [[...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], undefined],
    [[...Buffer.from('GIF89a')], undefined],
    [[], undefined],
  ])('%j -> %s', (bytes, kind) => {
    expect(sniffImage(Buffer.from(bytes))).toBe(kind);
  });
});
