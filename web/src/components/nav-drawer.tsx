import { Box, Button, CloseButton, Flex, Heading, Link, Stack } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../shared/brand/brand.ts';
import { useAuth } from '../lib/auth-state.ts';
import { accountLinks, primaryLinks } from './nav-links.ts';
import { useLogout } from './use-logout.ts';

/** The drawer's id: the menu button opens it by this id (popovertarget), with no script. */
export const NAV_DRAWER_ID = 'nav-drawer';

/**
 * The mobile navigation drawer (docs/product.md §2, Navigation): the top bar's links, stacked, in a panel on the
 * right, below the top bar. It is a native popover, opened by the menu button's `popovertarget`: it works on a
 * prerendered page before any script runs (the public pages need no script to be used, see entry-prerender.tsx),
 * and the browser closes it on Escape or a tap outside, giving focus back to the menu button. It leaves the top bar
 * uncovered, so the focused menu button is never hidden behind it (WCAG 2.4.11). Once the app runs, opening it
 * moves focus to its first link, and a link or Logout closes it (a link then navigates in the app).
 *
 * No `display` on the panel itself: the browser's own rule hides a closed popover, and any display of ours would
 * show it for good.
 */
export function NavDrawer() {
  const links = accountLinks(useAuth());
  const logout = useLogout();
  const panel = useRef<HTMLDivElement>(null);
  const close = () => panel.current?.hidePopover();

  return (
    <Box
      ref={panel}
      id={NAV_DRAWER_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${NAV_DRAWER_ID}-title`}
      position="fixed"
      top="16"
      right="0"
      bottom="0"
      left="auto"
      margin="0"
      width="xs"
      maxWidth="100vw"
      height="calc(100dvh - var(--chakra-sizes-16))"
      padding="0"
      borderWidth="0"
      bg="white"
      color="gray.800"
      boxShadow="lg"
      overflowY="auto"
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.48)' } }}
      onToggle={(event) => {
        if (event.newState === 'open') panel.current?.querySelector('a')?.focus();
      }}
    >
      <Flex align="center" justify="space-between" px="6" pt="6" pb="2">
        <Heading as="h2" id={`${NAV_DRAWER_ID}-title`} size="lg">
          {brand.productName}
        </Heading>
        <CloseButton size="sm" aria-label="Close menu" popoverTarget={NAV_DRAWER_ID} popoverTargetAction="hide" />
      </Flex>
      <Stack as="nav" aria-label="Mobile" gap="1" px="6" pb="6">
        {primaryLinks.map((link) => (
          <Link key={link.to} asChild py="3" fontSize="lg" color="gray.800" onClick={close}>
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Link>
        ))}
        <Stack gap="3" mt="6">
          {links.kind === 'signed-out' ? (
            <>
              <Button asChild variant="outline" onClick={close}>
                <RouterLink to={links.portal.to}>{links.portal.label}</RouterLink>
              </Button>
              <Button asChild colorPalette="blue" onClick={close}>
                <RouterLink to={links.apply.to}>{links.apply.label}</RouterLink>
              </Button>
            </>
          ) : null}
          {links.kind === 'signed-in' ? (
            <>
              <Button asChild variant="outline" onClick={close}>
                <RouterLink to={links.home.to}>{links.home.drawerLabel}</RouterLink>
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                Logout
              </Button>
            </>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
