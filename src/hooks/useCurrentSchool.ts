import { useStore } from 'react-admin';
import { ROLE } from '../../domain/permissions';
import { getSessionUser } from '../session';

/**
 * The school the school pages work on: a school admin's own; for anyone
 * above the school (a platform admin), the school they picked (kept in the
 * store), or none yet. `mustChoose` says the page should offer the picker.
 */
export const useCurrentSchool = () => {
  const user = getSessionUser();
  const own =
    user?.roles.includes(ROLE.schoolAdmin) && typeof user.school_id === 'number'
      ? (user.school_id as number)
      : undefined;
  const [picked, setPicked] = useStore<number | undefined>('schools.current', undefined);
  const schoolId = own ?? picked;
  return { schoolId, ownSchool: own !== undefined, mustChoose: own === undefined, setSchoolId: setPicked };
};

/** The filter and body part naming the school, for calls above the school level. */
export const schoolParam = (schoolId: number | undefined, ownSchool: boolean) =>
  ownSchool || schoolId === undefined ? {} : { school_id: schoolId };
