import { Box, HStack, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDays } from '../../../../shared/format/numbers.ts';
import { pipelineStats } from '../../../../shared/offers/pipeline-stats.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { usePipelineHistoryQuery } from './loan-api.ts';

const periods = [
  { id: '30', label: 'Last 30 days', days: 30 },
  { id: '90', label: 'Last 90 days', days: 90 },
  { id: '365', label: 'Last 12 months', days: 365 },
  { id: 'all', label: 'All time', days: null },
] as const;

const medianText = (days: number | null) => (days === null ? 'No move yet' : formatDays(days));

/**
 * The Pipeline's figures over a period the officer chooses (docs/product.md §11): how many loans reached each
 * stage, and the median days between the stages.
 */
export function PipelineFigures() {
  const [period, setPeriod] = useState<(typeof periods)[number]['id']>('90');
  const history = usePipelineHistoryQuery();
  const chosen = periods.find((item) => item.id === period)!;
  const now = new Date();
  const from = chosen.days === null ? '' : new Date(now.getTime() - chosen.days * 86_400_000).toISOString();
  const stats = history.data ? pipelineStats(history.data.acceptances, history.data.stages, { from }) : undefined;
  const figures = stats
    ? [
        ['Offers accepted', String(stats.reached.accepted)],
        ['In closing', String(stats.reached.in_closing)],
        ['Funded', String(stats.reached.funded)],
        ['Did not close', String(stats.reached.did_not_close)],
        ['Median, accepted to in closing', medianText(stats.medianDays.acceptedToClosing)],
        ['Median, in closing to funded', medianText(stats.medianDays.closingToFunded)],
        ['Median, accepted to funded', medianText(stats.medianDays.acceptedToFunded)],
      ]
    : [];
  return (
    <Box as="section" aria-label="Pipeline figures" mb="4">
      <HStack gap="3" mb="2" wrap="wrap">
        <Text fontWeight="semibold">Pipeline figures</Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="Period"
            value={period}
            onChange={(event) => setPeriod(event.target.value as typeof period)}
          >
            {periods.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {/* Said, or one loan funded ('In closing 1', 'Funded 1') reads as two loans. */}
      <Text fontSize="sm" color="gray.600" mb="1">
        Loans that reached each stage in the period: a funded loan counts under In closing too.
      </Text>
      {history.isError ? <ErrorAlert message={history.error.message} /> : null}
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gapX="6" gapY="1" aria-busy={history.isFetching}>
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Text as="dt" fontSize="sm" color="gray.600">
              {label}
            </Text>
            <Text as="dd" fontWeight="semibold">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
