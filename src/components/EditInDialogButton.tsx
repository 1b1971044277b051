import EditIcon from '@mui/icons-material/Edit';
import { useState, type ReactNode } from 'react';
import { Button, useRecordContext, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import type { z } from 'zod';
import { FormDialog } from './FormDialog';

interface EditInDialogButtonProps<T> {
  resource: string;
  /** i18n key of the dialog's title; given the record's name as %{name} */
  titleKey: string;
  /** the values the form starts from (defaults to the whole record) */
  values?: (record: RaRecord) => Partial<RaRecord>;
  schema: z.ZodType<T>;
  /** what is sent to the data provider's update (defaults to the form's values) */
  toData?: (data: T) => Partial<RaRecord>;
  children: ReactNode;
}

/**
 * The edit button of a list row: opens a FormDialog on the row's record and
 * saves it with react-admin's update. A click on it does not open the row.
 */
export const EditInDialogButton = <T,>({
  resource,
  titleKey,
  values,
  schema,
  toData,
  children,
}: EditInDialogButtonProps<T>) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const [update] = useUpdate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button label="ra.action.edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate(titleKey, { name: record.name })}
        record={values ? values(record) : record}
        schema={schema}
        save={(data) =>
          update(
            resource,
            { id: record.id, data: toData ? toData(data) : (data as Partial<RaRecord>), previousData: record },
            { returnPromise: true },
          )
        }
        successMessage="app.notify.saved"
        onClose={() => setOpen(false)}
      >
        {children}
      </FormDialog>
    </span>
  );
};
