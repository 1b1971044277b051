import { useEffect } from 'react';
import { PasswordInput, type PasswordInputProps } from 'react-admin';
import { loadCommonPasswords } from '../../domain/passwords';

/**
 * A field where a new password is chosen: react-admin's PasswordInput that
 * fetches the common-password list (a chunk of its own, domain/passwords.ts)
 * as the form opens, so the rule is checked in the browser as in the API.
 */
export const NewPasswordInput = (props: PasswordInputProps) => {
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  return <PasswordInput autoComplete="new-password" {...props} />;
};
