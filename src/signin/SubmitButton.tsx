import type { ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';

/**
 * A light form's send button: large and filled, off while the form is being sent (or while `disabled`), with a
 * spinner before its text meanwhile (busy.ts), as react-admin's SaveButton shows it.
 */
export const SubmitButton = ({
  busy,
  disabled = false,
  fullWidth,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
}) => (
  <Button
    type="submit"
    variant="contained"
    size="large"
    fullWidth={fullWidth}
    disabled={busy || disabled}
    startIcon={busy ? <CircularProgress size={18} aria-hidden /> : null}
  >
    {children}
  </Button>
);
