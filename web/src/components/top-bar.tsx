import { Box, Button, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useBusy } from '../lib/use-busy.ts';
import { useIsClient } from '../lib/use-is-client.ts';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../shared/brand/brand.ts';
import { useAuth, watchAuthAfterPaint } from '../lib/auth-state.ts';
import { MenuIcon } from './icons.tsx';
import { accountLinks, primaryLinks } from './nav-links.ts';
import { useLogout } from './use-logout.ts';

/** The drawer's code (Chakra's dialog machinery) loads on the first open, not with the home page. */
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer.tsx')).NavDrawer }));

function AccountActions() {
  const links = accountLinks(useAuth());
  const logout = useLogout();
  const [loggingOut, whileLoggingOut] = useBusy();
  if (links.kind === 'signed-in') {
    return (
      <>
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={links.home.to}>{links.home.topBarLabel}</RouterLink>
        </Button>
        <Button variant="outline" size="sm" loading={loggingOut} onClick={() => void whileLoggingOut(logout)}>
          Logout
        </Button>
      </>
    );
  }
  // While a stored session is being read, keep the signed-out buttons' room so nothing shifts.
  const hidden = links.kind === 'loading';
  return (
    <HStack gap="3" visibility={hidden ? 'hidden' : undefined} aria-hidden={hidden || undefined}>
      <Button asChild variant="ghost" size="sm">
        <RouterLink to="/portal/login" tabIndex={hidden ? -1 : undefined}>
          Client Portal
        </RouterLink>
      </Button>
      <Button asChild colorPalette="blue" size="sm">
        <RouterLink to="/apply" tabIndex={hidden ? -1 : undefined}>
          Apply Now
        </RouterLink>
      </Button>
    </HStack>
  );
}

/**
 * Opens the drawer below the md breakpoint. On a prerendered page it works once the app runs (a tap before
 * then would do nothing); a component of its own so that only it re-renders when the app takes over.
 */
function MenuButton({ expanded, onOpen }: { expanded: boolean; onOpen: () => void }) {
  const isClient = useIsClient();
  return (
    <IconButton
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      variant="ghost"
      display={{ base: 'inline-flex', md: 'none' }}
      disabled={!isClient}
      onClick={onOpen}
    >
      <MenuIcon boxSize="6" />
    </IconButton>
  );
}

/** The top bar (docs/product.md §2, Navigation); below the md breakpoint its links move into the drawer. */
export function TopBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  useEffect(() => watchAuthAfterPaint(), []);

  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  return (
    <Box as="header" borderBottomWidth="1px" bg="white">
      <Container maxW="6xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="6">
          <Link asChild fontWeight="bold" fontSize="xl" color="blue.900">
            <RouterLink to="/">{brand.productName}</RouterLink>
          </Link>
          <HStack gap="6" display={{ base: 'none', md: 'flex' }}>
            {primaryLinks.map((link) => (
              <Link key={link.to} asChild color="gray.700">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <HStack gap="3" display={{ base: 'none', md: 'flex' }}>
            <AccountActions />
          </HStack>
          <MenuButton expanded={drawerOpen} onOpen={openDrawer} />
        </Flex>
      </Container>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      ) : null}
    </Box>
  );
}
