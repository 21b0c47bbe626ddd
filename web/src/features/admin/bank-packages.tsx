import { Alert, Badge, Box, Button, chakra, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import {
  documentChecklist,
  itemStateLabels,
  type ChecklistInput,
  type ChecklistItem,
} from '../../../../shared/checklist/document-checklist.ts';
import type { BankPackageRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import {
  bankPackageStatusLabels,
  isAnswerAwaited,
  isAnswerOverdue,
  LENDER_LINK_DAYS,
  lenderAnswers,
} from '../../../../shared/matching/lender-answers.ts';
import type { BankPackageStatus } from '../../../../shared/status/transitions.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { bankPackageDefinition } from '../../../../shared/pdf/bank-package.ts';
import {
  buildExecutiveSummary,
  packageSnapshot,
  storedPackageSnapshot,
} from '../../../../shared/summary/executive-summary.ts';
import { bankPackageNumber, loanPackageFileName } from '../../../../shared/summary/file-names.ts';
import { ActionDialog, ViewDialog } from '../../components/action-dialog.tsx';
import { renderPdf } from '../../lib/pdf.ts';
import { usePlatform } from '../../lib/platform.tsx';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';
import { useGenerateBankPackageMutation, useSendBankPackageMutation } from './documents-api.ts';
import { useLenderNetworkQuery, useRevokeLenderLinkMutation } from './lender-network-api.ts';
import { useFocusOnAppearing } from '../../lib/use-focus-on-appearing.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

const statusPalette: Record<BankPackageStatus, string> = {
  generated: 'blue',
  sent: 'purple',
  interested: 'green',
  need_more_info: 'orange',
  declined: 'red',
};

type PackageSource = {
  application: ApplicationRow;
  additionalInfo: AdditionalInfoForm | null;
  /** Its documents, their reviews, the requests and the documents not needed, as the repository reads them. */
  checklist: ChecklistInput;
};

function snapshotOf(source: PackageSource, generatedAt: string) {
  return packageSnapshot(
    buildExecutiveSummary({
      application: source.application,
      additionalInfo: source.additionalInfo,
      checklist: source.checklist,
      generatedAt,
    }),
  );
}

/** What keeps an item from the lender: it is missing, waits for review or needs replacement. */
const notAcceptedStates: ReadonlySet<string> = new Set(['missing', 'awaiting_review', 'needs_replacement']);

/**
 * Send to Bank's warning when an item of the checklist is not accepted (not needed and cancelled ones are
 * fine): each such item with its state. A warning, not a refusal: the officer may send all the same.
 */
function notAcceptedWarning(items: readonly Pick<ChecklistItem, 'title' | 'state'>[]): string | null {
  const outstanding = items.filter((item) => notAcceptedStates.has(item.state));
  if (outstanding.length === 0) return null;
  const named = outstanding.map((item) => `${item.title} — ${itemStateLabels[item.state]}`).join('; ');
  return `Not every document is accepted: ${named}. The lender will only see accepted documents.`;
}

/**
 * The Bank Packages of an approved application (docs/product.md §3 and §4, Bank package): generated from the
 * application, its additional information and its documents, and kept as generated (a snapshot); previewed as text,
 * downloaded as text (loan-package-{id}.txt) or PDF, both from that snapshot, and sent to a named bank once
 * (generated -> sent).
 */
export function BankPackages({ source, packages }: { source: PackageSource; packages: BankPackageRow[] }) {
  // Send to Bank goes from a package's row once it is sent: the focus goes to the row's line, which then says so.
  const focusTarget = useFocusOnAppearing(packages.filter((row) => row.sent_at).map((row) => row.id));
  const [generatePackage, generating] = useGenerateBankPackageMutation();
  const { ref: generateButton, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(generating.isLoading);
  const platform = usePlatform();
  const [problem, setProblem] = useState<string | null>(null);

  const generate = async () => {
    setProblem(null);
    const snapshot = snapshotOf(source, new Date().toISOString());
    const generated = await generatePackage({ applicationId: source.application.id, snapshot });
    if (generated.error) setProblem(generated.error.message ?? ADMIN_MESSAGES.packageGenerateFailed);
  };

  const download = async (bankPackage: BankPackageRow, kind: 'text' | 'pdf') => {
    setProblem(null);
    try {
      if (kind === 'text') {
        await platform.saveFile({
          suggestedName: loanPackageFileName(bankPackage.id),
          mimeType: 'text/plain',
          data: bankPackage.summary,
        });
        return;
      }
      const definition = bankPackageDefinition({
        packageId: bankPackage.id,
        status: bankPackage.status,
        bankName: bankPackage.bank_name || null,
        // As generated; a package made before snapshots were kept is built from the current data.
        snapshot: storedPackageSnapshot(bankPackage.summary_snapshot) ?? snapshotOf(source, bankPackage.created_at),
      });
      await platform.saveFile({
        suggestedName: loanPackageFileName(bankPackage.id).replace(/\.txt$/, '.pdf'),
        mimeType: 'application/pdf',
        data: await renderPdf(definition),
      });
    } catch (error) {
      console.error('Package download failed', error);
      setProblem(ADMIN_MESSAGES.packageDownloadFailed);
    }
  };

  return (
    <Box as="section" aria-label="Bank Packages">
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Heading as="h3" size="md">
          Bank Packages
        </Heading>
        {source.application.status === 'approved' ? (
          <Button
            size="xs"
            colorPalette="blue"
            ref={generateButton}
            loading={generating.isLoading}
            onClick={() => {
              pressed();
              void generate();
            }}
          >
            Generate Bank Package
          </Button>
        ) : null}
      </HStack>
      {problem ? <ErrorAlert message={problem} mb="2" /> : null}
      {packages.length === 0 ? (
        <Text color="gray.600">
          {source.application.status === 'approved'
            ? 'No package yet.'
            : 'Bank packages are made once an application is approved.'}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {packages.map((bankPackage) => (
            <Box
              as="li"
              key={bankPackage.id}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              aria-label={`Package ${bankPackageNumber(bankPackage.id)}`}
            >
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Box>
                  <Text {...focusTarget(bankPackage.id)}>
                    Package {bankPackageNumber(bankPackage.id)}{' '}
                    <Badge colorPalette={statusPalette[bankPackage.status]}>
                      {bankPackageStatusLabels[bankPackage.status]}
                    </Badge>
                    {bankPackage.sent_at ? (
                      <>
                        {' '}
                        {/* docs/product.md §2, Admin dashboard: 'Sent on {date}'; the lender it went to follows. */}
                        <Badge variant="outline" data-testid="package-sent-on">
                          Sent on {formatLongDate(bankPackage.sent_at)}
                        </Badge>{' '}
                        to {bankPackage.bank_name}
                      </>
                    ) : null}
                  </Text>
                  <PackageAnswer bankPackage={bankPackage} />
                </Box>
                <HStack gap="2" wrap="wrap">
                  <PreviewDialog bankPackage={bankPackage} />
                  <Button size="xs" variant="outline" onClick={() => void download(bankPackage, 'text')}>
                    Download Text
                    <PackageName id={bankPackage.id} />
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => void download(bankPackage, 'pdf')}>
                    Download PDF
                    <PackageName id={bankPackage.id} />
                  </Button>
                  {bankPackage.status === 'generated' ? (
                    <SendDialog
                      bankPackage={bankPackage}
                      applicationId={source.application.id}
                      warning={notAcceptedWarning(documentChecklist(source.checklist).items)}
                    />
                  ) : null}
                  {bankPackage.link_expires_at && !bankPackage.link_revoked_at ? (
                    <RevokeLinkButton packageId={bankPackage.id} />
                  ) : null}
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** A package's number for a screen reader, which reads its buttons one by one, each without its row. */
function PackageName({ id }: { id: string }) {
  return <ScreenReaderText> (package {bankPackageNumber(id)})</ScreenReaderText>;
}

function PreviewDialog({ bankPackage }: { bankPackage: BankPackageRow }) {
  return (
    <ViewDialog
      title="Package Preview"
      trigger={
        <Button size="xs" variant="outline">
          Preview
          <PackageName id={bankPackage.id} />
        </Button>
      }
    >
      <Text color="gray.700" mb="2">
        Package {bankPackageNumber(bankPackage.id)}
      </Text>
      <chakra.pre whiteSpace="pre-wrap" fontSize="sm" maxH="60vh" overflowY="auto" overflowWrap="anywhere">
        {bankPackage.summary}
      </chakra.pre>
    </ViewDialog>
  );
}

/** The lender's answer, the deadline (flagged when passed) and the state of the lender's link. */
function PackageAnswer({ bankPackage }: { bankPackage: BankPackageRow }) {
  const answer = lenderAnswers.find((item) => item.value === bankPackage.status);
  const now = new Date();
  const linkOpen = bankPackage.link_expires_at && new Date(bankPackage.link_expires_at).getTime() > now.getTime();
  return (
    <Stack gap="0.5" fontSize="sm">
      {answer && bankPackage.answered_at ? (
        <Text>
          Lender’s answer on {formatLongDate(bankPackage.answered_at)}: {answer.label}
          {bankPackage.answer_note ? (
            <Text as="span" display="block" color="gray.700" overflowWrap="anywhere">
              Lender’s note: {bankPackage.answer_note}
            </Text>
          ) : null}
        </Text>
      ) : null}
      {isAnswerOverdue(bankPackage, now) ? (
        <Text color="red.700">
          <Badge colorPalette="red">Overdue</Badge> No answer since {formatLongDate(bankPackage.answer_due_at!)}
        </Text>
      ) : isAnswerAwaited(bankPackage) && bankPackage.answer_due_at ? (
        <Text color="gray.600">Answer expected by {formatLongDate(bankPackage.answer_due_at)}</Text>
      ) : null}
      {bankPackage.link_revoked_at ? (
        <Text color="gray.600">Lender link revoked on {formatLongDate(bankPackage.link_revoked_at)}</Text>
      ) : bankPackage.link_expires_at ? (
        <Text color="gray.600">
          {linkOpen
            ? `Lender link works until ${formatLongDate(bankPackage.link_expires_at)}`
            : `Lender link expired on ${formatLongDate(bankPackage.link_expires_at)}`}
        </Text>
      ) : null}
    </Stack>
  );
}

function RevokeLinkButton({ packageId }: { packageId: string }) {
  const [open, setOpen] = useState(false);
  const [revoke, revoking] = useRevokeLenderLinkMutation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={`Revoke the lender link of package ${bankPackageNumber(packageId)}?`}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          Revoke Link
          <PackageName id={packageId} />
        </Button>
      }
      confirmLabel="Revoke"
      confirmPalette="red"
      busy={revoking.isLoading}
      onConfirm={() => {
        void revoke(packageId).then((result) => {
          if (!result.error) setOpen(false);
        });
      }}
    >
      <Text>The lender will no longer be able to open the package or answer it.</Text>
      {revoking.isError ? <ErrorAlert message={revoking.error.message} mt="3" /> : null}
    </ActionDialog>
  );
}

/**
 * Send to Bank: to a lender of the network the applicant approved, chosen from those (docs/architecture.md,
 * Departure 11). `warning` names the documents the lender will not see, as they stand now.
 */
function SendDialog({
  bankPackage,
  applicationId,
  warning,
}: {
  bankPackage: BankPackageRow;
  applicationId: string;
  warning: string | null;
}) {
  const [open, setOpen] = useState(false);
  /** The lender the officer chose; null until they choose one. */
  const [lenderId, setLenderId] = useState<string | null>(null);
  /** The product's failure message (docs/product.md §8, Admin), with the server's reason when it gave one. */
  const [failed, setFailed] = useState<string | null>(null);
  const [sendPackage, sending] = useSendBankPackageMutation();
  /** Why Send did nothing: no lender chosen. */
  const [noLender, setNoLender] = useState<string | null>(null);
  const network = useLenderNetworkQuery(applicationId, { skip: !open });
  const approved = (network.data?.lenders ?? []).filter(
    (lender) =>
      lender.active &&
      network.data?.consents.some((consent) => consent.lender_id === lender.id && consent.status === 'approved'),
  );
  // Until the officer chooses, the only lender the applicant approved is the choice. A lender whose approval was
  // withdrawn since it was chosen is no longer one.
  const preferred = lenderId ?? (approved.length === 1 ? approved[0]!.id : '');
  const chosen = approved.some((lender) => lender.id === preferred) ? preferred : '';
  const noneApproved = network.data !== undefined && approved.length === 0;
  const send = async () => {
    setFailed(null);
    if (!chosen) {
      setNoLender('Choose a lender the applicant has approved.');
      return;
    }
    setNoLender(null);
    const sent = await sendPackage({ bankPackage, lenderId: chosen });
    if (sent.error) {
      setFailed(sent.error.message ?? ADMIN_MESSAGES.packageSendFailed);
      // The applicant may have withdrawn an approval meanwhile: the list of lenders is read again.
      void network.refetch();
      return;
    }
    setOpen(false);
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailed(null);
        setNoLender(null);
      }}
      title={`Send package ${bankPackageNumber(bankPackage.id)} to a lender`}
      form={`Send package ${bankPackageNumber(bankPackage.id)} to a lender`}
      trigger={
        <Button size="xs" colorPalette="green">
          Send to Bank
          <PackageName id={bankPackage.id} />
        </Button>
      }
      confirmLabel="Send"
      confirmPalette="green"
      confirmDisabled={noneApproved}
      busy={sending.isLoading}
      onConfirm={() => void send()}
    >
      <Stack gap="3">
        {network.isError ? (
          <ErrorAlert message={network.error.message} />
        ) : noneApproved ? (
          <Text>
            The applicant has not approved any lender yet. Ask their consent in Lender Matches; a package goes only to a
            lender they approve.
          </Text>
        ) : (
          <Field.Root required>
            <Field.Label>Lender</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={chosen}
                onChange={(event) => {
                  setLenderId(event.target.value);
                  setNoLender(null);
                }}
              >
                <option value="">Choose a lender the applicant approved</option>
                {approved.map((lender) => (
                  <option key={lender.id} value={lender.id}>
                    {lender.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {warning ? (
          <Alert.Root status="warning" role="status" aria-label="Documents not accepted">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{warning}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Text fontSize="sm" color="gray.600">
          The lender’s contact receives a link to the package and its accepted documents, which works for{' '}
          {LENDER_LINK_DAYS} days or until you revoke it; no file is attached.
        </Text>
        {noLender ? <ErrorAlert message={noLender} /> : null}
        {failed ? <ErrorAlert message={failed} /> : null}
      </Stack>
    </ActionDialog>
  );
}
