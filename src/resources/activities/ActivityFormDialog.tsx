import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { ImageField, ImageInput, SelectInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { UPLOAD_LIMIT_BYTES } from '../../../domain/codes';
import { activityEditSchema, activitySubmitSchema } from '../../../domain/schemas/activities';
import { FormDialog } from '../../components/FormDialog';
import { type AppDataProvider } from '../../dataProvider';
import { activityForm, type Activity } from '../../dataProvider/activities';

const image = z
  .object({ rawFile: z.instanceof(Blob).optional() })
  .passthrough()
  .nullable()
  .optional();
const newSchema = activitySubmitSchema.pick({ group_id: true, title: true, message: true }).extend({ image });
const editSchema = activityEditSchema.extend({ image });

interface ActivityFormDialogProps {
  /** the child handing in (new activity) */
  child?: { id: number; name: string };
  /** the activity to change (edit, while Pending) */
  activity?: Activity;
  /** the activity sent back for resubmission this one replaces */
  previous?: Activity;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A family hands in a child's activity (title, message, photo) for one of
 * the child's groups, or changes it while it is Pending. The photo is sent
 * as it is; the server checks and re-encodes it (20 MB at most).
 */
export const ActivityFormDialog = ({ child, activity, previous, onClose, onSaved }: ActivityFormDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const childId = child?.id ?? previous?.child_id;
  const [groups, setGroups] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (activity || !childId) return;
    dataProvider
      .getStudentDetails(childId)
      .then((d) =>
        setGroups(
          d.groups
            .filter((g) => g.member_status === 1)
            .map((g) => ({ id: g.id, name: g.course_name ? `${g.name} — ${g.course_name}` : g.name })),
        ),
      )
      .catch(() => setGroups([]));
  }, [activity, childId, dataProvider]);

  const file = (data: { image?: { rawFile?: Blob } | null }) => (data.image?.rawFile as File | undefined) ?? null;
  const record = activity
    ? { title: activity.title, message: activity.message ?? '' }
    : { group_id: previous?.group_id ?? undefined, title: previous?.title ?? '' };
  return (
    <FormDialog
      open
      title={translate(activity ? 'app.activities.edit' : 'app.activities.add', {
        name: child?.name ?? previous?.child_name ?? '',
      })}
      record={record}
      schema={activity ? editSchema : newSchema}
      save={async (data) => {
        const d = data as z.infer<typeof newSchema>;
        if (activity)
          return dataProvider.editActivity(
            activity.id,
            activityForm({ title: d.title, message: d.message ?? '' }, file(d)),
          );
        return dataProvider.submitActivity(
          activityForm(
            { child_id: childId, group_id: d.group_id, title: d.title, message: d.message, previous_id: previous?.id },
            file(d),
          ),
        );
      }}
      successMessage={activity ? 'app.notify.activityUpdated' : 'app.notify.activitySubmitted'}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        {activity ? null : (
          <SelectInput
            source="group_id"
            label="resources.activities.fields.group_id"
            choices={groups}
            optionText="name"
            optionValue="id"
            disabled={!!previous}
            fullWidth
          />
        )}
        <TextInput source="title" label="resources.activities.fields.title" fullWidth />
        <TextInput source="message" label="resources.activities.fields.message" multiline minRows={3} fullWidth />
        <ImageInput
          source="image"
          label={activity?.image ? 'app.activities.replaceImage' : 'resources.activities.fields.image'}
          accept={{
            'image/png': ['.png'],
            'image/jpeg': ['.jpg', '.jpeg'],
            'image/gif': ['.gif'],
            'image/webp': ['.webp'],
          }}
          maxSize={UPLOAD_LIMIT_BYTES}
          options={{ onDropRejected: () => notify('app.validation.fileTooLarge', { type: 'error' }) }}
          placeholder={<p>{translate('app.activities.dropImage')}</p>}
          // react-admin's label above the drop zone is a paragraph, not a <label>: the file input is named here
          inputProps={{
            'aria-label': translate(
              activity?.image ? 'app.activities.replaceImage' : 'resources.activities.fields.image',
            ),
          }}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </Box>
    </FormDialog>
  );
};
