import { normalizeEmail } from '../../../../shared/validation/email.ts';
import { errorMessageOr } from '../../../../shared/messages/error-message.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { RegistrationDraft } from './registration-draft.ts';

/** The business_registrations row a registration stores (supabase/migrations/..._business_registrations.sql). */
function registrationRow(draft: RegistrationDraft) {
  return {
    contact_name: draft.contactName.trim(),
    contact_email: normalizeEmail(draft.contactEmail),
    contact_mobile: draft.contactMobile.trim(),
    legal_business_name: draft.legalBusinessName.trim(),
    // The table takes an empty website exactly when the business has none.
    website_url: draft.noWebsite ? '' : draft.websiteUrl.trim(),
    no_website: draft.noWebsite,
    address: draft.address.trim(),
    suite: draft.suite.trim(),
    city: draft.city.trim(),
    state: draft.state,
    zip_code: draft.zipCode.trim(),
    business_start_date: draft.businessStartDate,
    agree_to_terms: draft.agreeToTerms,
  };
}

const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Stores a registration (docs/architecture.md, Departure 4: the original description only simulates this).
     * Visitors cannot read it back.
     */
    submitRegistration: build.mutation<null, RegistrationDraft>({
      async queryFn(draft) {
        const stored = await loadSupabase()
          .then((supabase) => supabase.from('business_registrations').insert(registrationRow(draft)))
          .then(({ error }) => error ?? null)
          .catch((error: unknown) => ({ message: errorMessageOr(error, 'The registration could not be sent') }));
        if (stored === null) return { data: null };
        console.error('Registration submission failed', stored);
        // The code tells the review which message to show (a rate limit says when to try again).
        return { error: { message: stored.message, code: 'code' in stored ? stored.code : undefined } };
      },
    }),
  }),
});

export const { useSubmitRegistrationMutation } = registerApi;
