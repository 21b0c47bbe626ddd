import { Container, Heading, Text } from '@chakra-ui/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppInfo } from '../../shared/ipc/channels.ts';
import { Providers } from '../../web/src/app/providers.tsx';
import { desktopBridge } from './desktop-bridge.ts';

function DesktopShell() {
  const [info, setInfo] = useState<AppInfo>();
  useEffect(() => {
    void desktopBridge()?.['app:get-info'](undefined).then(setInfo);
  }, []);
  return (
    <Container maxW="4xl" py="12">
      <Heading as="h1" size="2xl">
        Loan Match Admin
      </Heading>
      <Text mt="4" color="gray.600">
        {info ? `Version ${info.version} on ${info.platform}` : 'Connecting to the desktop runtime...'}
      </Text>
    </Container>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <DesktopShell />
    </Providers>
  </StrictMode>,
);
