import { loanAmountLowerBound } from '../../../../shared/catalogue/pre-qualification.ts';
import type { BankPackageRow, LetterRow, TermSheetRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { packageText, type PackageSnapshot } from '../../../../shared/summary/executive-summary.ts';
import type { LetterForm, TermSheetForm } from '../../../../shared/validation/admin-forms.ts';
import { api } from '../../lib/api.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { changeOnServer, ShownRefusal } from './admin-api.ts';
import { AdminRequestError, check } from './admin-repository.ts';

/**
 * The documents an officer makes for an application, stored on the server through changeOnServer (admin-api.ts):
 * a pre-application letter, a term sheet, a bank package, and a package sent to a lender. The dialogs render the
 * letter's and the term sheet's PDF from the stored row these give back.
 */
const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Stores a pre-application letter (audited); the applicant's details are the application's. */
    storeLetter: build.mutation<LetterRow, { application: ApplicationRow; form: LetterForm }>({
      queryFn: ({ application, form }, { extra }) =>
        changeOnServer(
          extra,
          'Letter generation failed',
          { failed: ADMIN_MESSAGES.letterFailed, offline: ADMIN_MESSAGES.letterOffline },
          async (supabase) => {
            const stored = await supabase
              .from('pre_application_letters')
              .insert({
                application_id: application.id,
                first_name: application.first_name,
                last_name: application.last_name,
                business_name: application.business_name,
                address: form.address,
                city: application.city,
                state: application.state,
                zip_code: form.zipCode,
                loan_amount: loanAmountLowerBound(application.loan_amount) ?? 0,
                loan_purpose: form.loanPurpose,
                rate: form.rate,
                term_years: form.term,
                estimated_payment: form.estimatedPayment,
              })
              .select('*')
              .single();
            return check('Storing the letter failed', stored) as LetterRow;
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /** Stores a term sheet (approved applications only, audited). */
    storeTermSheet: build.mutation<TermSheetRow, { applicationId: string; form: TermSheetForm }>({
      queryFn: ({ applicationId, form }, { extra }) =>
        changeOnServer(
          extra,
          'Term sheet generation failed',
          { failed: ADMIN_MESSAGES.termSheetFailed, offline: ADMIN_MESSAGES.termSheetOffline },
          async (supabase) => {
            const stored = await supabase
              .from('term_sheets')
              .insert({
                application_id: applicationId,
                bank_name: form.bankName,
                loan_amount: form.loanAmount,
                interest_rate: form.interestRate,
                term_months: form.term,
                monthly_payment: form.monthlyPayment,
                collateral: form.collateral,
                conditions: form.conditions,
              })
              .select('*')
              .single();
            return check('Storing the term sheet failed', stored) as TermSheetRow;
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /** Stores a bank package as generated now: its text and the snapshot its PDF is made from. */
    generateBankPackage: build.mutation<null, { applicationId: string; snapshot: PackageSnapshot }>({
      queryFn: ({ applicationId, snapshot }, { extra }) =>
        changeOnServer(
          extra,
          'Package generation failed',
          { failed: ADMIN_MESSAGES.packageGenerateFailed, offline: ADMIN_MESSAGES.packageGenerateOffline },
          async (supabase) => {
            const stored = await supabase.from('bank_packages').insert({
              application_id: applicationId,
              summary: packageText(snapshot),
              summary_snapshot: snapshot,
            });
            check('Storing the package failed', stored);
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),

    /**
     * Sends a package to a lender the applicant approved (the function checks it again and e-mails the lender its
     * link). A refusal the function explains says why after the general message.
     */
    sendBankPackage: build.mutation<null, { bankPackage: BankPackageRow; lenderId: string }>({
      queryFn: ({ bankPackage, lenderId }, { extra }) =>
        changeOnServer(
          extra,
          'Package send failed',
          { failed: ADMIN_MESSAGES.packageSendFailed, offline: ADMIN_MESSAGES.packageSendOffline },
          async (supabase) => {
            const { error } = await supabase.functions.invoke('send-bank-package', {
              body: {
                packageId: bankPackage.id,
                lenderId,
                timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
              },
            });
            if (!error) return;
            // supabase-js's error for a request that never reached the server.
            if (error.name === 'FunctionsFetchError') throw new AdminRequestError('unreachable', error.message);
            const reason = await functionErrorMessage(error);
            if (reason && reason !== ADMIN_MESSAGES.packageSendFailed)
              throw new ShownRefusal(`${ADMIN_MESSAGES.packageSendFailed}: ${reason}`);
            throw error;
          },
        ),
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),
  }),
});

export const {
  useStoreLetterMutation,
  useStoreTermSheetMutation,
  useGenerateBankPackageMutation,
  useSendBankPackageMutation,
} = documentsApi;
