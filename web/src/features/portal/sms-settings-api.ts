import type { SmsConsentRow, SmsOptOutRow } from '../../../../shared/db/sms-rows.ts';
import { PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api, type ApiError } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { unwrap } from './portal-api.ts';

/** The applicant's choice about texts as it stands: their latest consent and whether its number replied STOP. */
export type SmsSettings = {
  consent: Pick<SmsConsentRow, 'phone_e164' | 'consented' | 'created_at'> | null;
  optOut: Pick<SmsOptOutRow, 'opted_out' | 'changed_at' | 'changed_via'> | null;
};

/**
 * The portal's notification settings (docs/product.md §12): read from the applicant's own consents (the latest of
 * any of their applications counts, as set_sms_preference writes one for each) and the opt-out of that number;
 * changed through set_sms_preference, which records a new consent with its words and the client's address.
 */
const smsSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    smsSettings: build.query<SmsSettings, { applicationIds: string[] }>({
      async queryFn({ applicationIds }) {
        try {
          const supabase = await loadSupabase();
          const consent = unwrap(
            await supabase
              .from('sms_consents')
              .select('phone_e164, consented, created_at')
              .in('application_id', applicationIds)
              .order('created_at', { ascending: false })
              .limit(1)
              .maybeSingle(),
            'text consent',
          ) as SmsSettings['consent'];
          const optOut = consent?.phone_e164
            ? (unwrap(
                await supabase
                  .from('sms_opt_outs')
                  .select('opted_out, changed_at, changed_via')
                  .eq('phone_e164', consent.phone_e164)
                  .maybeSingle(),
                'opt-out',
              ) as SmsSettings['optOut'])
            : null;
          return { data: { consent, optOut } };
        } catch (error) {
          console.error('Text settings load failed', error);
          return { error: { message: PORTAL_MESSAGES.smsSettingsLoadFailed } satisfies ApiError };
        }
      },
      providesTags: ['PortalSms'],
    }),

    /** Texts on (with the number, in E.164) or off; the database's refusal is said in its words. */
    setSmsPreference: build.mutation<null, { phoneE164: string; enabled: boolean }>({
      async queryFn({ phoneE164, enabled }) {
        try {
          const supabase = await loadSupabase();
          const { error } = await supabase.rpc('set_sms_preference', { phone: phoneE164, enabled });
          if (error?.code === '22023') return { error: { message: error.message } };
          if (error) throw new Error(error.message);
          return { data: null };
        } catch (error) {
          console.error('Saving the text settings failed', error);
          return { error: { message: PORTAL_MESSAGES.smsSettingsSaveFailed } satisfies ApiError };
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PortalSms']),
    }),
  }),
});

export const { useSmsSettingsQuery, useSetSmsPreferenceMutation } = smsSettingsApi;

/** The settings' query argument for a portal's applications: the section and the portal's early ask build the same. */
export function smsSettingsArgument(applications: readonly { id: string }[]) {
  return { applicationIds: applications.map((application) => application.id) };
}

/** Asks for the settings before the section shows (RTK Query's prefetch: the section then finds them asked for). */
export const useSmsSettingsPrefetch = () => smsSettingsApi.usePrefetch('smsSettings');
