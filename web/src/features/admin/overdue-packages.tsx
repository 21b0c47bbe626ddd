import { Alert, Link, List } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { bankPackageNumber } from '../../../../shared/summary/file-names.ts';
import { useOverduePackagesQuery } from './lender-network-api.ts';

/** How long the dashboard keeps its tabs back for the notice's read (offline it may take half a minute to fail). */
const OVERDUE_NOTICE_WAIT_MS = 1500;

/**
 * Whether the notice below has its final size: its read has answered (or failed), or it has been waited for
 * long enough. The notice sits above the dashboard's tabs, so the tabs are shown only then: the notice arriving
 * would otherwise move them down under an officer's click.
 */
export function useOverdueNoticeSettled(): boolean {
  const overdue = useOverduePackagesQuery();
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), OVERDUE_NOTICE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return !overdue.isLoading || waitedLongEnough;
}

/**
 * The dashboard's flag for packages a lender has not answered by its typical answer time, each linking to its
 * application. Shows nothing when there is none (or when they cannot be read, e.g. offline in the desktop app).
 */
export function OverduePackages() {
  const overdue = useOverduePackagesQuery();
  if (!overdue.data || overdue.data.length === 0) return null;
  const count = overdue.data.length;
  return (
    <Alert.Root status="warning" role="status" aria-label="Overdue lender answers">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {count === 1 ? '1 bank package has' : `${count} bank packages have`} no lender answer past the deadline
        </Alert.Title>
        <Alert.Description>
          <List.Root ps="5">
            {overdue.data.map((item) => (
              <List.Item key={item.id}>
                <Link asChild>
                  <RouterLink to={`?list=approved&application=${item.application_id}`}>
                    Package {bankPackageNumber(item.id)} to {item.bank_name}, due {formatLongDate(item.answer_due_at)}
                  </RouterLink>
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
