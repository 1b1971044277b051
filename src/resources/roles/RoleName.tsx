import { useRecordContext, useTranslate } from 'react-admin';

/** A role's name for a reader: a default role's in the user's language, a role an admin made as it was named. */
export const useRoleName = () => {
  const translate = useTranslate();
  return (name: string) => translate(`app.roles.${name}`, { _: name });
};

/** The role's name only: the code a default role is stored under (admin, region_admin…) is never shown. */
export const RoleName = (_props: { label?: string; source?: string }) => {
  const roleName = useRoleName();
  const record = useRecordContext();
  if (!record) return null;
  return <span>{roleName(String(record.name))}</span>;
};
