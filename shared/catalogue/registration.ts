import type { FieldSpec } from './fields.ts';
import { usStates } from './us-states.ts';

/** The business registration form (docs/product.md §2 and §3): register (step 2 of 3), review (3 of 3), success. */
export type RegistrationForm = {
  legalBusinessName: string;
  websiteUrl: string;
  noWebsite: boolean;
  address: string;
  suite: string;
  city: string;
  state: string;
  zipCode: string;
  /** ISO date, yyyy-mm-dd. */
  businessStartDate: string;
  agreeToTerms: boolean;
};

type RegistrationField = keyof RegistrationForm;

export const emptyRegistrationForm: RegistrationForm = {
  legalBusinessName: '',
  websiteUrl: '',
  noWebsite: false,
  address: '',
  suite: '',
  city: '',
  state: '',
  zipCode: '',
  businessStartDate: '',
  agreeToTerms: false,
};

/** `required` for websiteUrl means "unless noWebsite is checked". */
export const registrationFields = {
  legalBusinessName: {
    label: 'Legal Business Name',
    kind: 'text',
    required: true,
    helperText: 'Enter exactly as it appears on your most recent business tax return',
  },
  websiteUrl: { label: 'Website URL', kind: 'url', required: true, placeholder: 'www.example.com' },
  noWebsite: { label: 'My business does not have a website', kind: 'checkbox', required: false },
  address: { label: 'Address', kind: 'text', required: true },
  suite: { label: 'Suite / Box / Number', kind: 'text', required: false },
  city: { label: 'City', kind: 'text', required: true },
  state: { label: 'State', kind: 'select', required: true, options: usStates },
  zipCode: { label: 'ZIP Code', kind: 'text', required: true },
  businessStartDate: { label: 'Business Start Date', kind: 'date', required: true },
  agreeToTerms: { label: 'I agree to the Terms of Use and Privacy Policy', kind: 'checkbox', required: true },
} as const satisfies Record<RegistrationField, FieldSpec>;

/** The registration pages show 'step 2 of 3' (register) and 'step 3 of 3' (review), docs/product.md §2. */
export const REGISTRATION_STEP_COUNT = 3;
