import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, fillTemplate, localeTemplate, pageDataBlock } from '../../server/pageTemplate';

/**
 * The JSON block a page's data travels in (server/pageTemplate.ts), read back as a browser does: the block's text
 * ends at the first `</script` in any case (the HTML parser's rule), then JSON.parse, as src/pageData.tsx does.
 */
const readBack = (html: string) => {
  const open = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">`).exec(html)!;
  const start = open.index + open[0].length;
  return JSON.parse(html.slice(start, start + html.slice(start).search(/<\/script/i)));
};

describe('the page data block', () => {
  const hostile = {
    code: '</script><script>alert(1)</script>',
    name: '<!-- <SCRIPT> --> </ScRiPt >',
    lines: 'a\u2028b\u2029c',
    arabic: 'ليلى & "quotes" \'single\'',
  };

  it('holds no `<` at all, so no value can end the block or open a comment in it', () => {
    const block = pageDataBlock(hostile);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(inner).not.toMatch(/[\u2028\u2029]/);
    expect(block.match(/<\/script/gi)).toHaveLength(1);
  });

  it('reads back as the very data', () => {
    expect(readBack(pageDataBlock(hostile))).toEqual(hostile);
    expect(readBack(pageDataBlock({ n: 1, none: null, list: ['<', '>'] }))).toEqual({
      n: 1,
      none: null,
      list: ['<', '>'],
    });
  });

  it('goes beside the root of the filled template, which holds the page, its styles and its language', () => {
    const index =
      '<!doctype html><html lang="ar" dir="rtl"><head><link rel="preload" as="font" href="/a.woff2"></head>' +
      '<body><div id="root"></div></body></html>';
    const assets = ['assets/cairo-arabic-400-normal-X.woff2', 'assets/cairo-latin-400-normal-Y.woff2'];
    const template = localeTemplate(index, 'en', 'ltr', assets);
    expect(template).toContain('<html lang="en" dir="ltr">');
    expect(template).toContain('href="/assets/cairo-latin-400-normal-Y.woff2"');
    expect(template).not.toContain('cairo-arabic');
    const html = fillTemplate(template, {
      locale: 'en',
      pagePath: '/certificate/:code',
      html: '<main>page</main>',
      styles: '<style data-emotion="mui x">.x{}</style>',
      data: hostile,
    });
    expect(html).toContain('<style data-emotion="mui x">.x{}</style></head>');
    expect(html).toContain(
      `<div id="root" data-page="/certificate/:code" data-locale="en"><main>page</main></div><script type="application/json" id="${PAGE_DATA_ID}">`,
    );
    expect(readBack(html)).toEqual(hostile);
    expect(html).not.toContain('neomi:page');
    // a page prerendered without data has no block
    expect(fillTemplate(template, { locale: 'en', pagePath: '/login', html: '', styles: '' })).not.toContain(
      PAGE_DATA_ID,
    );
  });
});
