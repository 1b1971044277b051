import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, type RaRecord, SaveButton, useNotify, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { useBusyAction } from '../hooks/useBusyAction';
import { type FormErrors, zodValidate } from '../validation/zodValidate';

interface FormDialogProps<T> {
  open: boolean;
  title: string;
  record?: Partial<RaRecord>;
  /** the domain's rule for this form: validates as one types, and shapes what is saved */
  schema: z.ZodType<T>;
  /** a validation built from `schema` with more checks (e.g. matching fields); defaults to the schema alone */
  validate?: (values: Record<string, unknown>) => FormErrors;
  save: (data: T) => Promise<unknown>;
  /** i18n key shown once saved */
  successMessage: string;
  onSaved?: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog holding a react-admin form (Cancel and Save). On save the values
 * go through the schema, then `save`; the server's field errors land on the
 * fields, its message in a notification.
 */
export const FormDialog = <T,>({
  open,
  title,
  record,
  schema,
  validate,
  save,
  successMessage,
  onSaved,
  onClose,
  children,
}: FormDialogProps<T>) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { run } = useBusyAction();
  const submit = async (values: Record<string, unknown>) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return undefined;
    return run(async () => {
      await save(parsed.data);
      notify(successMessage, { type: 'success' });
      onSaved?.();
      onClose();
    });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="form-dialog-title">
      <Form
        record={record as RaRecord | undefined}
        validate={validate ?? zodValidate(schema)}
        onSubmit={submit}
        mode="onTouched"
      >
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
