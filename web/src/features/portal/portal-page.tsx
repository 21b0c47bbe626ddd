import { Alert, Container, Flex, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { confirmationLinkForAnotherAccountMessage } from '../../../../shared/messages/auth.ts';
import { ImpersonationBanner } from '../../components/impersonation-banner.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { isAdminSession, useAuth } from '../../lib/auth-state.ts';
import { readImpersonation } from '../../lib/impersonation.ts';
import { searchWithoutCode } from '../../lib/route-access.ts';
import { AdditionalInfoFormSection } from './additional-info-form.tsx';
import { ApplicationChooser } from './application-chooser.tsx';
import { currentApplication, documentsOf, forApplicationSentence, shownApplication } from './current-application.ts';
import { LenderNetwork } from './lender-network.tsx';
import { Offers } from './offers.tsx';
import { SmsSettingsSection } from './sms-settings.tsx';
import { smsSettingsArgument, useSmsSettingsPrefetch } from './sms-settings-api.ts';
import { usePortalLendersQuery } from './lenders-api.ts';
import { MyApplications } from './my-applications.tsx';
import {
  noChecklistReading,
  usePortalDataQuery,
  usePortalOffersQuery,
  useReloadPortalData,
  type PortalData,
} from './portal-api.ts';
import { RequiredDocuments } from './required-documents.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { thumbSizedTargetsOnPhones } from '../../components/thumb-targets.ts';

/** The client portal (docs/product.md §2, Client portal): the applicant's application, documents and information. */
export function PortalPage() {
  const auth = useAuth();
  const [flags] = useState(readImpersonation);
  // Only an admin views a client's portal: anyone else who finds the flags sees their own portal.
  const impersonation = isAdminSession(auth.session) ? flags : null;
  const portal = usePortalDataQuery({ clientId: impersonation?.clientId ?? null });
  const reload = useReloadPortalData({ clientId: impersonation?.clientId ?? null });
  // The applicant's lender matches and consent requests need nothing of the portal's data: asked for at the
  // same time, and the portal waits for both, so nothing moves down the page when the later one arrives.
  const lenders = usePortalLendersQuery(impersonation ? skipToken : { readOnly: false });
  const lendersAnswered = useTrueOnceSeen(impersonation !== null || lenders.isSuccess || lenders.isError);
  // So do the offers (the Offers section reads this same request): asked for with the rest rather than once the
  // portal shows, one round trip less before the page is complete, and no section appearing above the documents.
  const offers = usePortalOffersQuery({ clientId: impersonation?.clientId ?? null });
  const offersAnswered = useTrueOnceSeen(offers.isSuccess || offers.isError);
  // The text settings are asked for as soon as the applications are known, while the portal renders, rather than
  // by their section once it shows: one round trip less before the page is complete.
  const prefetchSmsSettings = useSmsSettingsPrefetch();
  const applications = portal.data?.applications;
  useEffect(() => {
    if (applications && applications.length > 0) prefetchSmsSettings(smsSettingsArgument(applications));
  }, [applications, prefetchSmsSettings]);
  // The portal's content first renders in the background, in small slices, once its data is in (a transition),
  // rather than in one block of the main thread (about half a second on a phone, the page frozen meanwhile).
  // Later reads (after an upload or a save) show at once: the form's next submission is based on them.
  const loaded = portal.data && lendersAnswered && offersAnswered ? portal.data : undefined;
  const firstLoaded = useDeferredValue(loaded);
  const ready = useTrueOnceSeen(firstLoaded !== undefined) ? loaded : firstLoaded;
  const unusedLink = useUnusedConfirmationLink();
  return (
    <>
      <PageMeta title="Secure Client Portal" description="Your application, documents and loan information." />
      <meta name="robots" content="noindex" />
      {/* On a phone every action is a thumb's target, 44 pixels or more each way. */}
      <Container maxW="5xl" py={{ base: '8', md: '12' }} css={thumbSizedTargetsOnPhones}>
        <Stack gap="8">
          {impersonation ? <ImpersonationBanner impersonation={impersonation} /> : null}
          <Link asChild color="blue.700" alignSelf="flex-start" minH={{ base: '44px', md: 'auto' }}>
            <RouterLink to="/">Back to Home</RouterLink>
          </Link>
          <Heading as="h1" size="3xl">
            Secure Client Portal
          </Heading>
          {unusedLink ? (
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Title>{confirmationLinkForAnotherAccountMessage(auth.session?.user.email)}</Alert.Title>
            </Alert.Root>
          ) : null}
          {ready ? (
            <PortalContent data={ready} reload={reload} />
          ) : portal.isError ? (
            <ErrorAlert message={portal.error.message} />
          ) : (
            // As tall as the screen, so that the footer does not jump when the portal arrives.
            <Flex justify="center" py="12" minH="100vh">
              <Spinner size="lg" aria-label="Loading your documents" />
            </Flex>
          )}
        </Stack>
      </Container>
    </>
  );
}

/**
 * Whether the condition has held at any render so far. The portal waits for the lender matches' first answer
 * only: a failed one is asked again when the matches' section subscribes to it, and that second wait must not
 * take the portal off the screen (which would unsubscribe the section, and so on without end).
 */
function useTrueOnceSeen(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}

/**
 * Whether the portal was opened by a confirmation link that could not sign anyone in here: supabase-js
 * removes a link's code from the address once it has used it, so a code still there when the portal shows
 * (the session known) is one opened where another account is signed in. The dead code leaves the address.
 */
function useUnusedConfirmationLink(): boolean {
  const [unused] = useState(() => new URLSearchParams(window.location.search).has('code'));
  const navigate = useNavigate();
  useEffect(() => {
    if (!unused) return;
    void navigate({ search: searchWithoutCode(window.location.search), hash: window.location.hash }, { replace: true });
  }, [unused, navigate]);
  return unused;
}

function PortalContent({ data, reload }: { data: PortalData; reload: () => Promise<unknown> }) {
  // The application chosen for the documents and information is in the address: a reload keeps it. The choice
  // itself shows at once, while the router updates the address in the background (a transition): a file chosen
  // right after goes to the application on screen, never to the one before.
  const [params, setParams] = useSearchParams();
  const [chosenId, setChosenId] = useState(() => params.get('application'));
  const shown = shownApplication(data.applications, chosenId);
  const choose = (id: string) => {
    setChosenId(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === currentApplication(data.applications)?.id) next.delete('application');
        else next.set('application', id);
        return next;
      },
      { replace: true },
    );
  };
  const forApplication =
    shown && data.applications.length > 1 ? forApplicationSentence(shown, data.applications) : null;
  const stored = shown ? data.additionalInfo.find((row) => row.application_id === shown.id) : undefined;
  const lockedReason = data.readOnly
    ? 'You are viewing this client’s information; it cannot be changed here.'
    : shown?.decided_at
      ? 'A loan officer has decided on this application, so its information can no longer be changed.'
      : null;
  return (
    <>
      <MyApplications applications={data.applications} toConfirm={data.toConfirm} readOnly={data.readOnly} />
      <LenderNetwork applications={data.applications} readOnly={data.readOnly} />
      <Offers applications={data.applications} clientId={data.readOnly ? data.userId : null} />
      <SmsSettingsSection applications={data.applications} readOnly={data.readOnly} />
      {shown && data.applications.length > 1 ? (
        <ApplicationChooser applications={data.applications} shownId={shown.id} onChoose={choose} />
      ) : null}
      <RequiredDocuments
        userId={data.userId}
        applicationId={shown?.id ?? null}
        forApplication={forApplication}
        documents={documentsOf(data.documents, data.applications, shown)}
        reading={shown?.checklist ?? noChecklistReading}
        readOnly={data.readOnly}
        reload={reload}
      />
      {shown ? (
        <AdditionalInfoFormSection
          key={shown.id}
          userId={data.userId}
          applicationId={shown.id}
          forApplication={forApplication}
          stored={stored}
          lockedReason={lockedReason}
        />
      ) : (
        <Text color="gray.700">
          {data.toConfirm.length > 0
            ? 'The additional-information form opens once you confirm your application above.'
            : 'The additional-information form opens once your pre-qualification application is in.'}
        </Text>
      )}
    </>
  );
}
