/** The building blocks every catalogue uses: a choice (value + label) and the description of a form field. */
export type Option<V extends string = string> = { value: V; label: string };

type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'password'
  | 'money'
  | 'number'
  | 'date'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkbox';

export type FieldSpec = {
  label: string;
  kind: FieldKind;
  required: boolean;
  placeholder?: string;
  helperText?: string;
  /** Visible lines of a textarea. */
  rows?: number;
  options?: readonly Option[];
};

/** The option whose value is `value`, or undefined when the value is not one of them. */
export function findOption<O extends Option>(options: readonly O[], value: string): O | undefined {
  return options.find((option) => option.value === value);
}

/** The label shown for a stored value; an unknown value is shown as it is. */
export function optionLabel(options: readonly Option[], value: string): string {
  return findOption(options, value)?.label ?? value;
}

/** The option values, as the tuple zod's z.enum expects. */
export function optionValues<V extends string>(options: readonly [Option<V>, ...Option<V>[]]): [V, ...V[]] {
  const [first, ...rest] = options;
  return [first.value, ...rest.map((option) => option.value)];
}
