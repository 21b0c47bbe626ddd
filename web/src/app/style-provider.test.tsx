import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { globalStyleSheet } from '../entry-prerender.tsx';
import { GLOBAL_CSS_ATTRIBUTE, StyleProvider } from './style-provider.tsx';
import { appSystem, appSystemForStyledDocument } from './theme.ts';

const tokenVariable = '--chakra-colors-blue-600:';

describe('the global CSS (reset, global styles, token variables)', () => {
  it('is computed when first read, not while the styling system is built (patches/ applied to Chakra)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(appSystem(), '_global');
    expect(typeof descriptor?.get).toBe('function');
  });

  it('comes with the web build’s pages: the layers’ order first, the reset and every token variable', () => {
    const sheet = globalStyleSheet();
    expect(sheet.startsWith(`<style ${GLOBAL_CSS_ATTRIBUTE}>@layer reset,base,tokens,recipes;`)).toBe(true);
    expect(sheet).toContain('@layer reset{');
    expect(sheet).toContain(tokenVariable);
    expect(sheet.match(/<\/style>/g)).toHaveLength(1);
  });

  it('is added by the app where the page has none (dev server, desktop renderer)', () => {
    const markup = renderToStaticMarkup(
      <StyleProvider globalCssInDocument={false}>
        <p>Hello</p>
      </StyleProvider>,
    );
    expect(markup).toContain(tokenVariable);
    expect(markup).toContain('<p>Hello</p>');
  });

  it('is not added again to a page that has it, and the system still resolves tokens', () => {
    const markup = renderToStaticMarkup(
      <StyleProvider globalCssInDocument>
        <p>Hello</p>
      </StyleProvider>,
    );
    expect(markup).not.toContain('--chakra-');
    expect(markup).toContain('<p>Hello</p>');
    expect(appSystemForStyledDocument().token('colors.blue.600')).toBe(appSystem().token('colors.blue.600'));
    expect(appSystemForStyledDocument().css({ color: 'blue.600' })).toEqual(appSystem().css({ color: 'blue.600' }));
  });
});
