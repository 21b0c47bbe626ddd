import { Box, Flex, Spinner } from '@chakra-ui/react';
import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

export function SiteLayout() {
  const navigation = useNavigation();
  return (
    <Flex direction="column" minH="100vh">
      <TopBar />
      <Box as="main" flex="1">
        {navigation.state === 'loading' ? (
          <Flex justify="center" py="16">
            <Spinner size="lg" aria-label="Loading" />
          </Flex>
        ) : (
          <Outlet />
        )}
      </Box>
      <SiteFooter />
    </Flex>
  );
}
