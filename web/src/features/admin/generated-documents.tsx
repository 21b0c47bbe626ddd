import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SavedFile } from '../../../../shared/platform/platform-adapter.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { usePlatform } from '../../lib/platform.tsx';

type GeneratedItem = { id: string; line: string; file: () => Promise<SavedFile> };

/**
 * Documents the officers generated for an application (letters, term sheets), each downloadable again; a download
 * that fails (the PDF could not be made, or the file not saved) says so under the list.
 */
export function GeneratedDocuments({
  title,
  empty,
  items,
  downloadFailed,
}: {
  title: string;
  empty: string;
  items: GeneratedItem[];
  downloadFailed: string;
}) {
  const platform = usePlatform();
  const [failed, setFailed] = useState(false);
  const download = async (item: GeneratedItem) => {
    setFailed(false);
    try {
      await platform.saveFile(await item.file());
    } catch (error) {
      console.error(`${title}: download failed`, error);
      setFailed(true);
    }
  };
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="md" mb="2">
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text color="gray.600">{empty}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {items.map((item) => (
            <HStack as="li" key={item.id} justify="space-between" wrap="wrap">
              <Text overflowWrap="anywhere">{item.line}</Text>
              <Button size="xs" variant="outline" onClick={() => void download(item)}>
                Download PDF
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      {failed ? <ErrorAlert message={downloadFailed} /> : null}
    </Box>
  );
}
