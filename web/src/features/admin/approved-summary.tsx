import { Spinner, Stack } from '@chakra-ui/react';
import { additionalInfoFormFromSections } from '../../../../shared/db/additional-info.ts';
import { useApplicationDetailQuery } from './admin-api.ts';
import { checklistInputOf } from './admin-repository.ts';
import { BankPackages } from './bank-packages.tsx';
import { FinancialAnalysis } from './financial-analysis.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * What the Approved Applications list (docs/product.md §2, Admin dashboard) shows of each application beside its
 * 'Accept & Generate Term Sheet' button: the Financial Analysis card grid and the Bank Packages list. A row opens it on
 * demand (it reads the application's detail), so that a page of approved applications stays one short read.
 */
export function ApprovedSummary({ id }: { id: string }) {
  const detail = useApplicationDetailQuery(id);
  if (detail.isError) {
    return <ErrorAlert message={detail.error.message} />;
  }
  if (!detail.currentData) return <Spinner aria-label="Loading the financial analysis and bank packages" />;
  const { application, additionalInfo, bankPackages } = detail.currentData;
  const info = additionalInfo ? additionalInfoFormFromSections(additionalInfo) : null;
  return (
    <Stack gap="6" py="2">
      <FinancialAnalysis application={application} additionalInfo={info} />
      <BankPackages
        source={{ application, additionalInfo: info, checklist: checklistInputOf(detail.currentData) }}
        packages={bankPackages}
      />
    </Stack>
  );
}
