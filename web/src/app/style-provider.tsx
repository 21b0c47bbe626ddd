import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { appSystem, appSystemForStyledDocument } from './theme.ts';

/** The attribute of the <style> element in <head> that holds the global CSS (written by the web build). */
export const GLOBAL_CSS_ATTRIBUTE = 'data-global-css';

/**
 * True in a browser page that came with its global CSS (every page of the web build); false in the dev
 * server's and the desktop renderer's pages, whose global CSS ChakraProvider adds at run time.
 */
const documentHasGlobalCss =
  typeof document !== 'undefined' && document.head.querySelector(`style[${GLOBAL_CSS_ATTRIBUTE}]`) !== null;

type StyleProviderProps = {
  children: ReactNode;
  /** Whether the page's <head> holds the global CSS already (the prerenderer says so; browsers look). */
  globalCssInDocument?: boolean;
};

/** Chakra's styling system: all the home page needs at first paint. */
export function StyleProvider({ children, globalCssInDocument = documentHasGlobalCss }: StyleProviderProps) {
  return (
    <ChakraProvider value={globalCssInDocument ? appSystemForStyledDocument() : appSystem()}>{children}</ChakraProvider>
  );
}
