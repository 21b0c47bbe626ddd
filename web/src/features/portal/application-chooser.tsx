import { Field, NativeSelect } from '@chakra-ui/react';
import { applicationChoiceLabel } from './current-application.ts';
import type { PortalApplication } from './portal-api.ts';

/**
 * With more than one application: which one the documents and additional information below are for. Each
 * application keeps its own (an officer reviews an application with the documents linked to it).
 */
export function ApplicationChooser({
  applications,
  shownId,
  onChoose,
}: {
  applications: PortalApplication[];
  shownId: string;
  onChoose: (id: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>Documents and information for</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={shownId} onChange={(event) => onChoose(event.target.value)}>
          {applications.map((application) => (
            <option key={application.id} value={application.id}>
              {applicationChoiceLabel(application, applications)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>Each application has its own documents and additional information.</Field.HelperText>
    </Field.Root>
  );
}
