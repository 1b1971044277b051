import { afterEach, describe, expect, it } from 'vitest';
import type { SerializedStyles } from '@emotion/react';
import { createEmotionCache } from '../../src/styleCache';

/** The head of a page the server rendered: its fonts' styles, then a <Global>'s tag and the render's (renderPage.tsx). */
const RENDERED_HEAD =
  '<meta charset="UTF-8"><style>@font-face{}</style>' +
  '<style data-emotion="muirtl-global g1" data-s="">body{margin:0}</style>' +
  '<style data-rendered-styles="muirtl a1 b2">.muirtl-a1{color:red}.muirtl-b2{margin-right:1px}</style>';

const styleOf = (name: string, styles: string) =>
  ({ name, styles, map: undefined, next: undefined }) as SerializedStyles;

describe("the browser's emotion caches (src/styleCache.tsx)", () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("take over the styles a server's render wrote into the page, where they stand", () => {
    document.head.innerHTML = RENDERED_HEAD;
    const before = [...document.head.children];
    const rendered = document.head.querySelector('style[data-rendered-styles]');
    const cache = createEmotionCache('rtl');
    // made already: hydration makes none of them again
    expect(cache.inserted).toEqual({ a1: true, b2: true });
    expect(cache.sheet.tags).toEqual([rendered]);
    // in place, the <Global>'s tag just before them: emotion's own rehydration moves its tags to the head's start
    expect([...document.head.children]).toEqual(before);
    // a style the browser's render makes goes into a tag of its own, after the server's
    cache.insert('.muirtl-c3', styleOf('c3', 'color:blue;'), cache.sheet, true);
    expect(document.head.lastElementChild).not.toBe(rendered);
    expect(document.head.lastElementChild?.getAttribute('data-emotion')).toBe('muirtl');
    expect(rendered?.textContent).not.toContain('c3');
  });

  it("take over only their own direction's styles", () => {
    document.head.innerHTML = RENDERED_HEAD;
    const cache = createEmotionCache('ltr');
    expect(cache.inserted).toEqual({});
    expect(cache.sheet.tags).toEqual([]);
  });

  it("leave a page without a server's render to emotion", () => {
    const cache = createEmotionCache('rtl');
    cache.insert('.muirtl-c3', styleOf('c3', 'color:blue;'), cache.sheet, true);
    expect(cache.inserted.c3).toBeDefined();
    expect(document.head.querySelector('style[data-emotion="muirtl"]')).not.toBeNull();
  });
});
