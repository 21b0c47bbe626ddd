import { Alert, Badge, Box, Button, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AdditionalInfoForm } from '../../../../shared/catalogue/additional-info.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { bankPackageDefinition } from '../../../../shared/pdf/bank-package.ts';
import { buildExecutiveSummary, executiveSummaryText } from '../../../../shared/summary/executive-summary.ts';
import { bankPackageNumber, loanPackageFileName } from '../../../../shared/summary/file-names.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { usePlatform } from '../../lib/platform.tsx';

/** A stored bank_packages row. */
export type BankPackageRow = {
  id: string;
  status: 'generated' | 'sent';
  bank_name: string;
  sent_at: string | null;
  summary: string;
  created_at: string;
};

type PackageSource = {
  application: ApplicationRow;
  additionalInfo: AdditionalInfoForm | null;
  documents: readonly { type: string }[];
};

function summaryOf(source: PackageSource, generatedAt: string) {
  return buildExecutiveSummary({
    application: source.application,
    additionalInfo: source.additionalInfo,
    documents: source.documents,
    generatedAt,
  });
}

/**
 * The Bank Packages of an approved application (spec sections 3 and 4): generated from the application, its
 * additional information and its documents; previewed as text, downloaded as text (loan-package-{id}.txt)
 * or PDF, and sent to a named bank once (generated -> sent).
 */
export function BankPackages({ source, packages }: { source: PackageSource; packages: BankPackageRow[] }) {
  const dispatch = useDispatch();
  const platform = usePlatform();
  const [problem, setProblem] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    setProblem(null);
    setGenerating(true);
    try {
      const supabase = await loadSupabase();
      const summary = executiveSummaryText(summaryOf(source, new Date().toISOString()));
      const { error } = await supabase.from('bank_packages').insert({ application_id: source.application.id, summary });
      if (error) throw new Error(error.message);
      dispatch(api.util.invalidateTags(['Application']));
    } catch (error) {
      console.error('Package generation failed', error);
      setProblem(ADMIN_MESSAGES.packageGenerateFailed);
    } finally {
      setGenerating(false);
    }
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
        summary: summaryOf(source, bankPackage.created_at),
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
          <Button size="xs" colorPalette="blue" loading={generating} onClick={() => void generate()}>
            Generate Bank Package
          </Button>
        ) : null}
      </HStack>
      {problem ? (
        <Alert.Root status="error" role="alert" mb="2">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
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
                <Text>
                  Package {bankPackageNumber(bankPackage.id)}{' '}
                  <Badge colorPalette={bankPackage.status === 'sent' ? 'green' : 'blue'}>{bankPackage.status}</Badge>
                  {bankPackage.sent_at
                    ? ` · Sent on ${formatLongDate(bankPackage.sent_at)} to ${bankPackage.bank_name}`
                    : ''}
                </Text>
                <HStack gap="2" wrap="wrap">
                  <PreviewDialog bankPackage={bankPackage} />
                  <Button size="xs" variant="outline" onClick={() => void download(bankPackage, 'text')}>
                    Download Text
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => void download(bankPackage, 'pdf')}>
                    Download PDF
                  </Button>
                  {bankPackage.status === 'generated' ? <SendDialog bankPackage={bankPackage} /> : null}
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PreviewDialog({ bankPackage }: { bankPackage: BankPackageRow }) {
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      title={`Package ${bankPackageNumber(bankPackage.id)}`}
      trigger={
        <Button size="xs" variant="outline">
          Preview
        </Button>
      }
      confirmLabel="Close"
      confirmPalette="blue"
      busy={false}
      onConfirm={() => setOpen(false)}
    >
      <chakra.pre whiteSpace="pre-wrap" fontSize="sm" maxH="60vh" overflowY="auto" overflowWrap="anywhere">
        {bankPackage.summary}
      </chakra.pre>
    </ActionDialog>
  );
}

function SendDialog({ bankPackage }: { bankPackage: BankPackageRow }) {
  const [open, setOpen] = useState(false);
  const [bankName, setBankName] = useState('');
  const [bankEmail, setBankEmail] = useState('');
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const dispatch = useDispatch();
  const send = async () => {
    setFailed(false);
    setSending(true);
    try {
      const supabase = await loadSupabase();
      const { error } = await supabase.functions.invoke('send-bank-package', {
        body: { packageId: bankPackage.id, bankName, bankEmail },
      });
      if (error) throw error;
      dispatch(api.util.invalidateTags(['Application']));
      setOpen(false);
    } catch (error) {
      console.error('Package send failed', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailed(false);
      }}
      title={`Send package ${bankPackageNumber(bankPackage.id)} to a bank`}
      trigger={
        <Button size="xs" colorPalette="green">
          Send to Bank
        </Button>
      }
      confirmLabel="Send"
      confirmPalette="green"
      busy={sending}
      onConfirm={() => void send()}
    >
      <Stack gap="3">
        <Field.Root required>
          <Field.Label>Bank Name</Field.Label>
          <Input value={bankName} onChange={(event) => setBankName(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Bank E-mail</Field.Label>
          <Input type="email" value={bankEmail} onChange={(event) => setBankEmail(event.target.value)} />
        </Field.Root>
        <Text fontSize="sm" color="gray.600">
          The bank receives the summary and links to the documents that work for 7 days; no file is attached.
        </Text>
        {failed ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{ADMIN_MESSAGES.packageSendFailed}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>
    </ActionDialog>
  );
}
