import { Badge, Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import {
  financialMetrics,
  METRICS_FIGURE_LABELS,
  metricsInput,
  type MetricStatus,
} from '../../../../shared/metrics/financial-metrics.ts';
import { metricList } from '../../../../shared/summary/executive-summary.ts';
import { MetricsChart } from './metrics-chart.tsx';

const statusPalette: Record<MetricStatus, string> = { good: 'green', warning: 'orange', critical: 'red' };
const statusLabel: Record<MetricStatus, string> = { good: 'Good', warning: 'Warning', critical: 'Critical' };

/**
 * The Financial Analysis card grid (docs/product.md §9, Admin dashboard): the metrics from the application's own
 * figures and its additional information; the sample assumptions fill only what is missing, and the card says
 * which (docs/architecture.md, Departure 6).
 */
/**
 * docs/product.md §9 has two debt coverage figures, and both show on an application's detail: the evaluation's
 * ratio (a 15% share of monthly revenue over monthly debt payments, 1.25 to qualify) and this card's (annual
 * revenue over annual debt payments). Said once here, so that 1.23 above and 8.23 below do not read as a slip.
 */
export const DEBT_COVERAGE_NOTE =
  "Debt Service Coverage here is annual revenue over annual debt payments. The evaluation's debt coverage ratio counts only 15% of revenue as available for debt, so it reads lower.";

export function FinancialAnalysis({
  application,
  additionalInfo,
}: {
  application: ApplicationRow;
  additionalInfo: AdditionalInfoForm | null;
}) {
  const metrics = financialMetrics(metricsInput(application, additionalInfo));
  return (
    <Box as="section" aria-label="Financial Analysis">
      <Heading as="h3" size="md" mb="2">
        Financial Analysis
      </Heading>
      {metrics.assumed.length > 0 ? (
        <Text fontSize="sm" color="gray.600" mb="2">
          Sample assumptions used for: {metrics.assumed.map((figure) => METRICS_FIGURE_LABELS[figure]).join(', ')}.
        </Text>
      ) : null}
      <Text fontSize="sm" color="gray.600" mb="2">
        {DEBT_COVERAGE_NOTE}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {metricList(metrics).map((metric) => (
          <Box key={metric.label} borderWidth="1px" borderRadius="md" p="3" aria-label={metric.label} role="group">
            <Text fontSize="sm" color="gray.600">
              {metric.label}
            </Text>
            <Text fontSize="xl" fontWeight="semibold">
              {metric.display}
            </Text>
            {metric.status ? (
              <Badge colorPalette={statusPalette[metric.status]}>{statusLabel[metric.status]}</Badge>
            ) : null}
          </Box>
        ))}
      </SimpleGrid>
      <MetricsChart metrics={metrics} />
    </Box>
  );
}
