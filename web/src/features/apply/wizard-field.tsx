import { Box, Input, Textarea } from '@chakra-ui/react';
import { memo } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import {
  preQualificationFields,
  type PreQualificationField,
  type PreQualificationForm,
} from '../../../../shared/catalogue/pre-qualification.ts';
import { moneyReadingNote } from '../../../../shared/messages/application.ts';
import { CheckboxField, FormField, RadioGroupField, SelectInput } from '../../components/form-controls.tsx';

/** What the browser may fill in for a field (autocomplete tokens of the HTML standard). */
const autoComplete: Partial<Record<PreQualificationField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel-national',
  title: 'organization-title',
  businessName: 'organization',
  businessAddress: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
};

/** Fields that take a whole row of the step's grid. */
export function isWideField(name: PreQualificationField): boolean {
  const { kind } = preQualificationFields[name];
  return kind === 'checkbox' || kind === 'radio' || kind === 'textarea';
}

type WizardFieldProps = {
  name: PreQualificationField;
  register: UseFormRegister<PreQualificationForm>;
  /** The form's control: a money field watches its own text, to say how it will be read. */
  control: Control<PreQualificationForm>;
  /** The field's error message (a string, not react-hook-form's errors object, which it changes in place). */
  error: string | undefined;
};

/**
 * One cell of a step's grid: a field of the pre-qualification form, drawn from its description in the shared
 * catalogue. Memoized: the wizard re-renders as react-hook-form's state changes (it marks itself ready right
 * after the page hydrates, for one), and a field needs to re-render only when its own error does.
 */
export const WizardField = memo(function WizardField(props: WizardFieldProps) {
  return (
    <Box gridColumn={isWideField(props.name) ? { md: 'span 2' } : undefined}>
      <FieldControl {...props} />
    </Box>
  );
});

/** A text input of the form (text, e-mail, phone or money), with an optional note under it. */
function TextField({ name, register, error, helperText }: Omit<WizardFieldProps, 'control'> & { helperText?: string }) {
  const spec = preQualificationFields[name];
  return (
    <FormField label={spec.label} required={spec.required} error={error} helperText={helperText}>
      <Input
        type={spec.kind === 'money' ? 'text' : spec.kind}
        inputMode={spec.kind === 'money' ? 'decimal' : undefined}
        placeholder={'placeholder' in spec ? spec.placeholder : undefined}
        autoComplete={autoComplete[name]}
        {...register(name)}
      />
    </FormField>
  );
}

/**
 * A money field. Its text is stored as docs/product.md §5 says (its digits and point), so under it a note says how
 * a text such as '1.2M' will be read, while it can still be changed (moneyReadingNote).
 */
function MoneyField({ control, ...field }: WizardFieldProps) {
  const text = useWatch({ control, name: field.name });
  return <TextField {...field} helperText={typeof text === 'string' ? moneyReadingNote(text) : undefined} />;
}

function FieldControl({ name, register, control, error }: WizardFieldProps) {
  const spec = preQualificationFields[name];
  if (spec.kind === 'money') return <MoneyField name={name} register={register} control={control} error={error} />;
  const registered = register(name);

  switch (spec.kind) {
    case 'checkbox':
      return <CheckboxField label={spec.label} error={error} {...registered} />;
    case 'radio':
      return (
        <RadioGroupField
          legend={spec.label}
          options={spec.options}
          required={spec.required}
          error={error}
          inputProps={registered}
        />
      );
    case 'select':
      return (
        <FormField label={spec.label} required={spec.required} error={error}>
          <SelectInput options={spec.options} placeholder="Select an option" {...registered} />
        </FormField>
      );
    case 'textarea':
      return (
        <FormField label={spec.label} required={spec.required} error={error}>
          <Textarea rows={spec.rows} {...registered} />
        </FormField>
      );
    default:
      return <TextField name={name} register={register} error={error} />;
  }
}
