import { Box, Flex, Link, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { hashText } from '../lib/address-hash.ts';
import { markAppLive, useIsClient } from '../lib/use-is-client.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * After a navigation to a page (a link, once the new page has rendered): scroll to its #anchor, or to the top.
 * The page the document opened on, and one gone back or forward to, keep the browser's scroll: a prerendered page
 * may have been read and scrolled for a while before the app starts (on a page usable with no script, when needed:
 * AppStart in server/cli/web-build.ts), and must not jump back to the top then. It also marks
 * the document `data-app-ready` once the first page is live (hydrated or rendered, and its components have
 * switched to the browser's state), for anything that must not act on a prerendered page before the app
 * runs it (the end-to-end tests wait for it).
 */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const isClient = useIsClient();
  useEffect(() => {
    if (!isClient) return;
    markAppLive();
    document.documentElement.dataset.appReady = 'true';
  }, [isClient]);
  useEffect(() => {
    const target = hash ? document.getElementById(hashText(hash)) : null;
    if (navigationType === NavigationType.Pop) {
      // Only a page the app rendered from nothing (no prerender) is scrolled to its #anchor, which did not exist.
      if (target && window.scrollY === 0) target.scrollIntoView();
      return;
    }
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [navigationType, pathname, hash]);
  return null;
}

function PageLoading() {
  // As tall as the screen, so that the footer does not jump when the page arrives.
  return (
    <Flex justify="center" pt="16" minH="100vh">
      <Spinner size="lg" aria-label="Loading" />
    </Flex>
  );
}

/** Every public page: skip link, top bar, the page (loaded on demand), footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100vh">
      <Link
        href="#main-content"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipNav"
        bg="white"
        color="blue.800"
        px="4"
        py="2"
        borderRadius="md"
        boxShadow="md"
        _focus={{ top: '2' }}
      >
        Skip to content
      </Link>
      <TopBar />
      <Box as="main" id="main-content" tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <ScrollOnNavigate />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <SiteFooter />
    </Flex>
  );
}
