import { chakra, Flex, Text } from '@chakra-ui/react';
import { wizardStepIndex, wizardSteps, type WizardStepId } from '../../../../shared/catalogue/wizard.ts';
import { CheckIcon } from '../../components/icons.tsx';

const stepButtonStyle = {
  width: 'full',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  // No side padding on phones, so that the longest word ('Information') fits its fifth of the width.
  padding: { base: '2 0', sm: '2 1' },
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
} as const;

type StepIndicatorProps = {
  current: WizardStepId;
  /** Steps whose fields pass their rules: one before the current step is marked done only if it is among them. */
  valid: ReadonlySet<WizardStepId>;
  /** Asked to go to a step; the wizard decides (forward only when the current step is valid). */
  onSelect: (step: WizardStepId) => void;
};

/**
 * The wizard's five steps as buttons (docs/product.md §2, Pre-qualification form): the current one marked, each one a
 * jump. A step before it shows a check once its fields pass; one jumped over while empty keeps its number.
 */
export function StepIndicator({ current, valid, onSelect }: StepIndicatorProps) {
  const currentIndex = wizardStepIndex(current);
  return (
    <nav aria-label="Application steps">
      {/* Five equal columns while each step's longest word fits its own; a narrower screen (320 px) or wider
          letter spacing wraps the steps onto a second row instead of running one name into the next. */}
      <chakra.ol display="flex" flexWrap="wrap" gap={{ base: '1', sm: '2' }} listStyleType="none">
        {wizardSteps.map((step, index) => {
          const isCurrent = index === currentIndex;
          const isDone = index < currentIndex && valid.has(step.id);
          return (
            <chakra.li key={step.id} flex="1 1 0" minW="min-content">
              <chakra.button
                type="button"
                onClick={() => onSelect(step.id)}
                aria-current={isCurrent ? 'step' : undefined}
                css={stepButtonStyle}
              >
                <Flex
                  aria-hidden="true"
                  boxSize="9"
                  borderRadius="full"
                  align="center"
                  justify="center"
                  fontWeight="semibold"
                  borderWidth="2px"
                  borderColor={isCurrent || isDone ? 'blue.700' : 'gray.400'}
                  bg={isDone ? 'blue.700' : isCurrent ? 'blue.50' : 'white'}
                  color={isDone ? 'white' : isCurrent ? 'blue.800' : 'gray.700'}
                >
                  {isDone ? <CheckIcon boxSize="4" /> : index + 1}
                </Flex>
                <Text
                  as="span"
                  textStyle={{ base: '2xs', sm: 'xs' }}
                  lineHeight="short"
                  // Break between words only (main's overflow-wrap: anywhere split 'Informati/on' at 390px).
                  overflowWrap="normal"
                  textAlign="center"
                  fontWeight={isCurrent ? 'semibold' : 'normal'}
                  color={isCurrent ? 'blue.800' : 'gray.700'}
                >
                  {step.title}
                </Text>
              </chakra.button>
            </chakra.li>
          );
        })}
      </chakra.ol>
    </nav>
  );
}
