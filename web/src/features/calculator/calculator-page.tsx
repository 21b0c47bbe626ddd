import { Box, Button, Container, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { CONSULTATION_MINUTES } from '../../../../shared/brand/brand.ts';
import {
  analysisText,
  calculateSnapshot,
  dscrBand,
  emptyCalculatorInput,
  type CalculatorInput,
  type CalculatorResult,
} from '../../../../shared/calculator/calculator.ts';
import { formatUsd } from '../../../../shared/format/money.ts';
import { formatRatio } from '../../../../shared/format/numbers.ts';
import { FormField } from '../../components/form-controls.tsx';
import { SchedulingButton } from '../../components/new-tab-links.tsx';
import { ClientFieldset } from '../../components/client-fieldset.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';

/** The six figures (docs/product.md §2, Calculator), with a line on where to find each. */
const inputs = [
  { name: 'netIncome', label: 'Net Income', help: 'Annual net profit from your tax return or P&L.' },
  { name: 'ownerCompensation', label: "Owner's Compensation", help: 'Salary, wages and draws paid to the owner.' },
  { name: 'depreciation', label: 'Depreciation / Amortization', help: 'Non-cash expenses on your P&L.' },
  { name: 'interest', label: 'Interest Expense', help: 'Interest paid on business debt this year.' },
  { name: 'nonRecurring', label: 'Non-Recurring Expenses', help: 'One-time costs that will not repeat.' },
  { name: 'debtPayments', label: 'Total Annual Debt Payments', help: 'Principal and interest due in a year.' },
] as const satisfies readonly { name: keyof CalculatorInput; label: string; help: string }[];

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="5" bg="white">
      <Text textStyle="sm" color="gray.600">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color="blue.900" mt="1">
        {value}
      </Text>
      {detail ? (
        <Text textStyle="sm" color="gray.700" mt="1">
          {detail}
        </Text>
      ) : null}
    </Box>
  );
}

function Snapshot({ result }: { result: CalculatorResult }) {
  const band = dscrBand(result.dscr);
  return (
    <Stack gap="5">
      <Heading as="h2" size="xl">
        Your Financial Snapshot
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Figure label="Seller's Discretionary Earnings (SDE)" value={formatUsd(result.sde)} />
        <Figure
          label="Debt Service Coverage Ratio (DSCR)"
          value={formatRatio(result.dscr)}
          detail={`${band.name}: ${band.phrase}`}
        />
        <Figure
          label="Estimated Value Range"
          value={`${formatUsd(result.valueRange.lower)} - ${formatUsd(result.valueRange.upper)}`}
        />
      </SimpleGrid>
      <Box bg="blue.50" borderRadius="lg" p="5">
        <Heading as="h3" size="md">
          Analysis
        </Heading>
        <Text mt="2" color="gray.800">
          {analysisText(result)}
        </Text>
      </Box>
    </Stack>
  );
}

/**
 * The business health calculator (docs/product.md §2, §5 and §9, Calculator): SDE, DSCR and an estimated value range.
 */
export function CalculatorPage() {
  const [input, setInput] = useState<CalculatorInput>(emptyCalculatorInput);
  const [result, setResult] = useState<CalculatorResult>();
  const resultRegion = useRef<HTMLDivElement>(null);

  const calculate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(calculateSnapshot(input));
    // Bring the result into view and to screen readers' attention once it renders.
    requestAnimationFrame(() => resultRegion.current?.focus());
  };

  const reset = () => {
    setInput(emptyCalculatorInput);
    setResult(undefined);
  };

  return (
    <>
      <PageMeta
        title="Business Health Calculator"
        description="Work out your business's seller's discretionary earnings, debt service coverage ratio and an estimated value range in a minute."
      />
      <PageHeader title="Business Health Calculator">
        Six figures from your financial statements give you the numbers lenders look at first: your earnings, your debt
        coverage and what your business may be worth.
      </PageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <form onSubmit={calculate} noValidate>
          <ClientFieldset>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              {inputs.map((field) => (
                <FormField key={field.name} label={field.label} helperText={field.help}>
                  <Input
                    type="number"
                    inputMode="decimal"
                    step="any"
                    placeholder="0"
                    value={input[field.name]}
                    onChange={(event) => setInput((current) => ({ ...current, [field.name]: event.target.value }))}
                  />
                </FormField>
              ))}
            </SimpleGrid>
            <Flex mt="6" gap="3" wrap="wrap">
              <Button type="submit" colorPalette="blue">
                Calculate Financial Snapshot
              </Button>
              <Button type="button" variant="outline" onClick={reset}>
                Reset Form
              </Button>
            </Flex>
          </ClientFieldset>
        </form>

        <Box ref={resultRegion} tabIndex={-1} mt="10" outline="none" aria-live="polite">
          {result ? <Snapshot result={result} /> : null}
        </Box>

        <Box mt="10" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} textAlign="center">
          <Heading as="h2" size="lg">
            Want an expert to read these numbers with you?
          </Heading>
          <Text mt="2" color="gray.700">
            Book a free {CONSULTATION_MINUTES}-minute consultation with a loan specialist. The scheduling page opens in
            a new tab.
          </Text>
          <SchedulingButton mt="5" size="lg">
            Schedule Free Consultation
          </SchedulingButton>
        </Box>
      </Container>
    </>
  );
}
