import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { legal } from '../../../../shared/brand/brand.ts';
import { PageHeader } from '../../components/page-header.tsx';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A paragraph of a legal section. */
export function P({ children }: { children: ReactNode }) {
  return <Text color="gray.800">{children}</Text>;
}

/** A bulleted list of a legal section. */
export function Items({ items }: { items: ReactNode[] }) {
  return (
    <List.Root gap="1" ps="5" color="gray.800">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** A legal page: title, last-updated date, contents, then numbered sections (h2 "1. Title"). */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader title={title}>Last updated: {legal.lastUpdated}</PageHeader>
      <Container maxW="4xl" py={{ base: '10', md: '14' }}>
        <Text fontSize="lg" color="gray.800">
          {intro}
        </Text>
        <Box as="nav" aria-label="Contents" mt="8" p="6" bg="gray.50" borderRadius="lg">
          <Text fontWeight="semibold">Contents</Text>
          <List.Root as="ol" mt="3" gap="1" ps="5" columns={{ base: 1, md: 2 }} css={{ columnGap: '2rem' }}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Link href={`#${section.id}`} color="blue.700">
                  {section.title}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Stack as="article" aria-label={title} gap="10" mt="10">
          {sections.map((section, index) => (
            <Stack
              as="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              gap="3"
              scrollMarginTop="4"
            >
              <Heading as="h2" id={`${section.id}-title`} size="xl">
                {index + 1}. {section.title}
              </Heading>
              {section.body}
            </Stack>
          ))}
        </Stack>
      </Container>
    </>
  );
}
