import { Box, Typography } from '@mui/material';
import {
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { EVALUATION_STATUSES, SCORE_RANGE } from '../../../domain/activities';
import { BADGES } from '../../../domain/codes';
import { evaluationSchema } from '../../../domain/schemas/activities';
import type { AppDataProvider } from '../../dataProvider';
import type { Activity } from '../../dataProvider/activities';
import { useBusyAction } from '../../hooks/useBusyAction';
import { zodValidate } from '../../validation/zodValidate';
import { RatingInput } from './RatingInput';

const SCORES = ['originality', 'fluency', 'flexibility', 'activity_score'] as const;

/**
 * The teacher's evaluation (POST /evaluation/save/{id}): status (required:
 * 'Please select an activity status.'), feedback, the three creativity
 * scores and the activity's, one badge, the teacher's stars.
 */
export const EvaluationForm = ({ activity, onSaved }: { activity: Activity; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run } = useBusyAction();
  const record = {
    status: activity.status || undefined,
    feedback: activity.feedback ?? '',
    badge_id: activity.badge_id,
    originality: activity.originality,
    fluency: activity.fluency,
    flexibility: activity.flexibility,
    activity_score: activity.activity_score,
    teacher_rate: activity.teacher_rate,
  };
  const submit = async (values: Record<string, unknown>) => {
    const parsed = evaluationSchema.safeParse(values);
    if (!parsed.success) return undefined;
    return run(async () => {
      await dataProvider.saveEvaluation(activity.id, parsed.data);
      notify('app.notify.evaluationSaved', { type: 'success' });
      onSaved();
    });
  };
  const choices = (list: readonly { id: number; labelKey: string }[]) =>
    list.map((c) => ({ id: c.id, name: translate(c.labelKey) }));
  return (
    <Form record={record} onSubmit={submit} validate={zodValidate(evaluationSchema)} mode="onTouched">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.activities.evaluate')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectInput
          source="status"
          label="resources.activities.fields.status"
          choices={choices(EVALUATION_STATUSES)}
          emptyText="app.activities.chooseStatus"
        />
        <SelectInput source="badge_id" label="resources.activities.fields.badge_id" choices={choices(BADGES)} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="feedback" label="resources.activities.fields.feedback" multiline minRows={3} fullWidth />
        </Box>
        {SCORES.map((name) => (
          <NumberInput
            key={name}
            source={name}
            label={`resources.activities.fields.${name}`}
            min={SCORE_RANGE.min}
            max={SCORE_RANGE.max}
            step={1}
            helperText={translate('app.activities.scoreHelp', { min: SCORE_RANGE.min, max: SCORE_RANGE.max })}
          />
        ))}
        <RatingInput source="teacher_rate" label="resources.activities.fields.teacher_rate" />
      </Box>
      <Box sx={{ mt: 1 }}>
        <SaveButton label="app.activities.saveEvaluation" alwaysEnable />
      </Box>
    </Form>
  );
};
