import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput } from 'react-admin';
import { groupLabel } from '../../../domain/schools';
import { reportMethods } from '../../dataProvider/reports';

/**
 * The learner results' group filter: the groups whose tests the user may see (GET /exam-export/groups, the same
 * scope as the results), each named "school · class · course" (domain/schools.ts groupLabel), so that two schools'
 * classes of one name are told apart.
 */
export const ExamGroupInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { data, isPending } = useQuery({
    queryKey: ['exam-export', 'groups'],
    queryFn: () => reportMethods.exportGroups(),
  });
  const choices = (data?.groups ?? []).map((g) => ({ id: g.id, name: groupLabel(g) }));
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      // the names are long: the list is wider than the filter's field, on a phone too
      slotProps={{ popper: { sx: { minWidth: 'min(360px, 92vw)' } } }}
    />
  );
};
