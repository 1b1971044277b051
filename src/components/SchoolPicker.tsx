import { useCurrentSchool } from '../hooks/useCurrentSchool';
import { RecordPicker } from './RecordPicker';

/**
 * For users above the school level (the platform admin): which school the
 * school pages show. School admins never see it: their school is theirs.
 */
export const SchoolPicker = () => {
  const { schoolId, mustChoose, setSchoolId } = useCurrentSchool();
  if (!mustChoose) return null;
  return (
    <RecordPicker
      resource="schools"
      value={schoolId}
      onChange={(id) => setSchoolId(id === undefined ? undefined : Number(id))}
      label="app.schools.pickSchool"
      hint="app.schools.pickSchoolHelp"
      optionLabel={(school) => `${school.name} — ${school.region_name}`}
    />
  );
};
