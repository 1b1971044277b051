import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, type RaRecord, SaveButton, useTranslate } from 'react-admin';
import type { FormErrors } from '../../validation/zodValidate';

interface FormDialogProps {
  open: boolean;
  title: string;
  record?: Partial<RaRecord>;
  validate: (values: Record<string, unknown>) => FormErrors;
  /** resolves to field errors from the server, or nothing on success */
  onSubmit: (values: Record<string, unknown>) => Promise<FormErrors | undefined>;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog holding a react-admin form: Cancel and Save. */
export const FormDialog = ({ open, title, record, validate, onSubmit, onClose, children }: FormDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="form-dialog-title">
      <Form record={record as RaRecord | undefined} validate={validate} onSubmit={onSubmit} mode="onTouched">
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
