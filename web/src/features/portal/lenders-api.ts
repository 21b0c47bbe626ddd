import type { SupabaseClient } from '@supabase/supabase-js';
import type {
  LenderConsentRow,
  LenderConsentStatus,
  LenderCriteriaRow,
} from '../../../../shared/matching/applicant-matches.ts';
import { PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api, type ApiError } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { unwrap } from './portal-api.ts';

/** The lender network as the portal shows it: criteria without names, and the consent requests asked. */
export type PortalLenders = { criteria: LenderCriteriaRow[]; consents: LenderConsentRow[] };

/**
 * Whose requests: the signed-in applicant's own (rpc('consent_lenders'), which answers for auth.uid(), so the
 * portal asks for them at once, beside its own data), or, when an admin views a client's portal, those of the
 * client's applications (read through the admin read policies of lender_consents and lenders).
 */
export type PortalLendersArgs = { readOnly: false } | { readOnly: true; applicationIds: string[] };

/** The request for these applications' lenders: the applicant's own, or (read-only) a client's, by their ids. */
export function portalLendersArgs(applicationIds: string[], readOnly: boolean): PortalLendersArgs {
  return readOnly ? { readOnly, applicationIds } : { readOnly };
}

export type ConsentAnswer = Exclude<LenderConsentStatus, 'requested'>;

async function consentsOfClient(supabase: SupabaseClient, applicationIds: string[]): Promise<LenderConsentRow[]> {
  if (applicationIds.length === 0) return [];
  const consents = unwrap(
    await supabase
      .from('lender_consents')
      .select('id, application_id, lender_id, status, answered_at')
      .in('application_id', applicationIds)
      .order('created_at')
      .order('id'),
    'lender consents',
  ) as {
    id: string;
    application_id: string;
    lender_id: string;
    status: LenderConsentStatus;
    answered_at: string | null;
  }[];
  if (consents.length === 0) return [];
  const lenders = unwrap(
    await supabase
      .from('lenders')
      .select('id, name, programs')
      .in('id', [...new Set(consents.map((consent) => consent.lender_id))]),
    'lenders',
  ) as { id: string; name: string; programs: string[] }[];
  return consents.flatMap((consent) => {
    const lender = lenders.find((row) => row.id === consent.lender_id);
    if (!lender) return [];
    return [
      {
        consent_id: consent.id,
        application_id: consent.application_id,
        status: consent.status,
        lender_name: lender.name,
        programs: lender.programs,
        answered_at: consent.answered_at,
      },
    ];
  });
}

async function loadPortalLenders(args: PortalLendersArgs): Promise<PortalLenders> {
  const supabase = await loadSupabase();
  const [criteria, consents] = await Promise.all([
    supabase.rpc('lender_criteria').then((result) => unwrap(result, 'lender criteria') as LenderCriteriaRow[]),
    args.readOnly
      ? consentsOfClient(supabase, args.applicationIds)
      : supabase.rpc('consent_lenders').then((result) => unwrap(result, 'consent requests') as LenderConsentRow[]),
  ]);
  return { criteria, consents };
}

const lendersApi = api.injectEndpoints({
  endpoints: (build) => ({
    portalLenders: build.query<PortalLenders, PortalLendersArgs>({
      async queryFn(args) {
        try {
          return { data: await loadPortalLenders(args) };
        } catch (error) {
          console.error('Lender matches load failed', error);
          return { error: { message: PORTAL_MESSAGES.lendersLoadFailed } satisfies ApiError };
        }
      },
      // Read again when the applicant confirms an application as theirs: its requests are then theirs to answer.
      providesTags: ['PortalLenders'],
    }),

    /**
     * The applicant's answer to a consent request (approve, decline, or withdraw an approval), stamped and
     * audited by the database. The stored row then replaces the request in every cached list.
     */
    answerLenderConsent: build.mutation<
      { status: LenderConsentStatus; answered_at: string | null },
      { consentId: string; answer: ConsentAnswer }
    >({
      async queryFn({ consentId, answer }) {
        try {
          const supabase = await loadSupabase();
          const answered = await supabase.rpc('answer_lender_consent', { consent_id: consentId, answer });
          // The database's refusal of a change it does not allow (the chosen lender's approval stays) is said as
          // it is written, for the applicant.
          if (answered.error?.code === '55000') return { error: { message: answered.error.message } };
          const rows = unwrap(answered, 'answer') as {
            status: LenderConsentStatus;
            answered_at: string | null;
            application_id: string;
          }[];
          const stored = rows[0];
          if (!stored) throw new Error('answer: no row returned');
          // The officer who asked is e-mailed the answer. The answer is stored whatever becomes of the e-mail.
          void supabase.functions
            .invoke('notify-officer', { body: { applicationId: stored.application_id } })
            .then(
              ({ error }) => error,
              (error: unknown) => error,
            )
            .then((error) => {
              if (error) console.error('The loan officer could not be e-mailed the answer', error);
            });
          return { data: { status: stored.status, answered_at: stored.answered_at } };
        } catch (error) {
          console.error('Lender consent answer failed', error);
          return { error: { message: PORTAL_MESSAGES.answerFailed } satisfies ApiError };
        }
      },
      // The application's timeline records the answer: it is read again. A refused answer (the request was answered
      // meanwhile, in another tab say) reads the requests again, so that the card shows the answer that stands.
      invalidatesTags: (_result, error) => (error ? ['PortalLenders'] : ['Portal']),
      async onQueryStarted({ consentId }, { dispatch, getState, queryFulfilled }) {
        const answered = await queryFulfilled.catch(() => null);
        if (!answered) return;
        for (const args of lendersApi.util.selectCachedArgsForQuery(getState(), 'portalLenders')) {
          dispatch(
            lendersApi.util.updateQueryData('portalLenders', args, (draft) => {
              const consent = draft.consents.find((row) => row.consent_id === consentId);
              if (consent) Object.assign(consent, answered.data);
            }),
          );
        }
      },
    }),
  }),
});

export const { usePortalLendersQuery, useAnswerLenderConsentMutation } = lendersApi;
