import { Container, Heading, Text } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { StyleProvider } from '../../../web/src/app/style-provider.tsx';
import { loadSupabase } from '../../../web/src/lib/load-supabase.ts';

/**
 * The least a signed-in page of this stack can do (see stack-floor.ts): the web app's supabase-js client reads
 * the signed-in applicant's timeline, and React DOM renders its first event in one paragraph, styled by the
 * web app's Chakra system. No router, no Redux, no page code.
 */
const supabase = await loadSupabase();
const { data, error } = await supabase
  .from('application_events')
  .select('kind, created_at')
  .order('id')
  .limit(1)
  .maybeSingle();
createRoot(document.getElementById('root')!).render(
  <StyleProvider>
    <Container py="12">
      <Heading as="h1">Secure Client Portal</Heading>
      <Text>
        {data ? `Your application was ${data.kind} on ${data.created_at}.` : `No application: ${error?.message}`}
      </Text>
    </Container>
  </StyleProvider>,
);
