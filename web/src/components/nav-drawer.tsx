import { Button, CloseButton, Drawer, Link, Portal, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../shared/brand/brand.ts';
import { useAuth } from '../lib/auth-state.ts';
import { accountLinks, primaryLinks } from './nav-links.ts';
import { useLogout } from './use-logout.ts';

/** The mobile navigation drawer (docs/product.md §2, Navigation): the top bar's links, stacked. */
export function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const links = accountLinks(useAuth());
  const logout = useLogout();
  const close = () => onOpenChange(false);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{brand.productName}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="1">
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
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
