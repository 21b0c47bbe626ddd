import { Box, Stack, Text } from '@chakra-ui/react';
import { METRIC_THRESHOLDS, type FinancialMetrics, type Metric } from '../../../../shared/metrics/financial-metrics.ts';

const barPalette = { good: 'green.500', warning: 'orange.400', critical: 'red.500' } as const;

type ChartRow = { metric: Metric; good: number; warning?: number; lowerIsBetter?: boolean };

function rows(metrics: FinancialMetrics): ChartRow[] {
  return [
    { metric: metrics.debtServiceCoverageRatio, ...METRIC_THRESHOLDS.debtServiceCoverageRatio },
    { metric: metrics.workingCapitalRatio, ...METRIC_THRESHOLDS.workingCapitalRatio },
    { metric: metrics.quickRatio, ...METRIC_THRESHOLDS.quickRatio },
    { metric: metrics.currentRatio, ...METRIC_THRESHOLDS.currentRatio },
    { metric: metrics.returnOnInvestment, ...METRIC_THRESHOLDS.returnOnInvestment },
    {
      metric: metrics.breakEvenAnalysis.monthsToBreakEven,
      good: METRIC_THRESHOLDS.monthsToBreakEven.goodAtMost,
      lowerIsBetter: true,
    },
  ];
}

/** How the threshold reads in words, for the chart's text alternative. */
function thresholdText(row: ChartRow): string {
  if (row.lowerIsBetter) return `good at ${row.good} or less`;
  return row.warning === undefined
    ? `good at ${row.good} or above`
    : `good at ${row.good} or above, warning at ${row.warning} or above`;
}

/**
 * Each banded metric as a bar against its thresholds (docs/product.md §9, Admin dashboard): the scale runs to twice the
 * good threshold (or the value, when larger); a value that is not finite fills the bar and reads 'N/A'.
 */
export function MetricsChart({ metrics }: { metrics: FinancialMetrics }) {
  return (
    <Stack gap="2" mt="3" role="list" aria-label="Metrics against their thresholds">
      {rows(metrics).map((row) => {
        const { metric } = row;
        const finite = Number.isFinite(metric.value);
        const scale = Math.max(row.good * 2, finite ? metric.value : 0) || 1;
        const width = finite ? Math.max(0, Math.min(1, metric.value / scale)) : 1;
        const marks = [row.good, ...(row.warning === undefined ? [] : [row.warning])];
        return (
          <Box
            key={metric.label}
            role="listitem"
            aria-label={`${metric.label}: ${metric.display}, ${thresholdText(row)}`}
          >
            <Text fontSize="xs" color="gray.700">
              {metric.label}: {metric.display} ({thresholdText(row)})
            </Text>
            <Box position="relative" h="3" bg="gray.100" borderRadius="sm" aria-hidden="true">
              <Box h="full" w={`${width * 100}%`} bg={barPalette[metric.status ?? 'warning']} borderRadius="sm" />
              {marks.map((mark) => (
                <Box
                  key={mark}
                  position="absolute"
                  top="-1"
                  bottom="-1"
                  left={`${Math.min(1, mark / scale) * 100}%`}
                  w="2px"
                  bg="gray.800"
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
