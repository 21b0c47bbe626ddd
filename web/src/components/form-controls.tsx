import { Box, chakra, Field, NativeSelect, Stack, Text, type FieldRootProps } from '@chakra-ui/react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import type { Option } from '../../../shared/catalogue/fields.ts';

/**
 * Form controls the public forms share (pre-qualification wizard, registration, developer test page).
 *
 * Text inputs, selects and textareas sit in a Chakra Field, which wires the label, helper text and error to the
 * control (accessible name; helper text by aria-describedby, the error by aria-errormessage and aria-invalid). Checkboxes and radio buttons are native inputs: they
 * work with react-hook-form's register() as they are, and the browser gives them full keyboard support (Space,
 * arrow keys).
 */

/** Error messages in the theme's error colour (red.600, which passes WCAG AA on white; see app/theme.ts). */
const ERROR_RED = 'fg.error';
const errorTextStyle = { color: ERROR_RED, textStyle: 'xs', fontWeight: 'medium', mt: '1.5' } as const;

type FormFieldProps = Omit<FieldRootProps, 'children' | 'invalid'> & {
  label: ReactNode;
  /** The message shown in red under the control; the field is invalid while it is set. */
  error?: string | undefined;
  helperText?: ReactNode;
  /** The control: Input, Textarea or SelectInput. */
  children: ReactNode;
};

/** A labelled control with optional helper text and its error message in red underneath. */
export function FormField({ label, error, helperText, required, children, ...rootProps }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} {...rootProps}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText color={ERROR_RED}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type SelectInputProps = ComponentProps<typeof NativeSelect.Field> & {
  options: readonly Option[];
  /** The empty first choice ('' value) shown until one is made. */
  placeholder: string;
  /** Show option values instead of labels (for instance state codes). */
  showValues?: boolean;
};

/** A native drop-down (inside FormField); arrow keys and type-ahead work as in any select. */
export function SelectInput({ options, placeholder, showValues = false, ...fieldProps }: SelectInputProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field placeholder={placeholder} {...fieldProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {showValues ? option.value : option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

/** A native checkbox with its label beside it and its error in red underneath. */
export function CheckboxField({ label, error, ...inputProps }: CheckboxFieldProps) {
  const errorId = useId();
  return (
    <Box>
      <chakra.label display="flex" alignItems="flex-start" gap="3" cursor="pointer" textStyle="sm">
        <chakra.input
          type="checkbox"
          boxSize="4"
          mt="0.5"
          flexShrink={0}
          accentColor="blue.600"
          cursor="pointer"
          _disabled={{ cursor: 'not-allowed' }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <span>{label}</span>
      </chakra.label>
      {error ? (
        <Text id={errorId} {...errorTextStyle}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

type RadioGroupFieldProps = {
  legend: ReactNode;
  options: readonly Option[];
  error?: string | undefined;
  required?: boolean;
  /** What react-hook-form's register(name) returns (the same props serve every radio of the group). */
  inputProps: Omit<ComponentProps<'input'>, 'type' | 'value'>;
};

/**
 * A group of native radio buttons in a fieldset whose legend names the group. Tab enters the group, arrow keys
 * move between (and select) its options.
 */
export function RadioGroupField({ legend, options, error, required = false, inputProps }: RadioGroupFieldProps) {
  const errorId = useId();
  return (
    <chakra.fieldset aria-describedby={error ? errorId : undefined} minW="0">
      <chakra.legend textStyle="sm" fontWeight="medium" mb="1.5">
        {legend}
        {required ? (
          // A word joiner before the mark: a question's '?' and the '*' after it stay on one line.
          <chakra.span aria-hidden="true" color={ERROR_RED} ms="1">
            {'\u2060*'}
          </chakra.span>
        ) : null}
      </chakra.legend>
      <Stack direction="row" gap="6" wrap="wrap">
        {options.map((option) => (
          <chakra.label key={option.value} display="flex" alignItems="center" gap="2" cursor="pointer" textStyle="sm">
            <chakra.input
              type="radio"
              value={option.value}
              boxSize="4"
              accentColor="blue.600"
              cursor="pointer"
              aria-invalid={error ? true : undefined}
              {...inputProps}
            />
            {option.label}
          </chakra.label>
        ))}
      </Stack>
      {error ? (
        <Text id={errorId} {...errorTextStyle}>
          {error}
        </Text>
      ) : null}
    </chakra.fieldset>
  );
}
