import { Box, Button, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useBusy } from '../lib/use-busy.ts';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../shared/brand/brand.ts';
import { useAuth, watchAuthAfterPaint } from '../lib/auth-state.ts';
import { MenuIcon } from './icons.tsx';
import { NAV_DRAWER_ID, NavDrawer } from './nav-drawer.tsx';
import { accountLinks, primaryLinks } from './nav-links.ts';
import { useLogout } from './use-logout.ts';

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
 * Opens the drawer below the md breakpoint, by the browser's popover attributes: it works before the app runs on
 * a prerendered page, and the browser tells assistive technology whether the drawer is open (aria-expanded).
 */
function MenuButton() {
  return (
    <IconButton
      aria-label="Open menu"
      aria-haspopup="dialog"
      popoverTarget={NAV_DRAWER_ID}
      variant="ghost"
      display={{ base: 'inline-flex', md: 'none' }}
    >
      <MenuIcon boxSize="6" />
    </IconButton>
  );
}

/** The top bar (docs/product.md §2, Navigation); below the md breakpoint its links move into the drawer. */
export function TopBar() {
  useEffect(() => watchAuthAfterPaint(), []);

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
          <MenuButton />
        </Flex>
      </Container>
      <NavDrawer />
    </Box>
  );
}
