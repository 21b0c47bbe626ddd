import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { formatUsd } from '../../../../shared/format/money.ts';
import { preApplicationLetterFileName } from '../../../../shared/summary/file-names.ts';
import { usePlatform } from '../../lib/platform.tsx';
import { letterPdf, type LetterRow } from './letter-dialog.tsx';

/** The pre-application letters stored for an application, each downloadable again as the same PDF. */
export function LettersList({ application, letters }: { application: ApplicationRow; letters: LetterRow[] }) {
  const platform = usePlatform();
  const download = async (letter: LetterRow) => {
    try {
      await platform.saveFile({
        suggestedName: preApplicationLetterFileName(application.business_name),
        mimeType: 'application/pdf',
        data: await letterPdf(application, letter),
      });
    } catch (error) {
      console.error('Letter download failed', error);
    }
  };
  return (
    <Box as="section" aria-label="Pre-application letters">
      <Heading as="h3" size="md" mb="2">
        Pre-Application Letters
      </Heading>
      {letters.length === 0 ? (
        <Text color="gray.600">No letter has been sent yet.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {letters.map((letter) => (
            <HStack as="li" key={letter.id} justify="space-between" wrap="wrap">
              <Text>
                {formatLongDate(letter.created_at)} · {formatUsd(Number(letter.loan_amount))} at {letter.rate},{' '}
                {letter.term_years} years
              </Text>
              <Button size="xs" variant="outline" onClick={() => void download(letter)}>
                Download PDF
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
