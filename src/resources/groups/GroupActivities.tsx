import { Card, CardContent, CardHeader } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ActivityTable } from '../activities/ActivityTable';

/**
 * The activities handed in to the group (docs/PRODUCT.md §2 "Group detail"), newest first, each with review and
 * delete after a confirmation. Whoever opens a group's page manages the group, so every row offers delete; the server
 * decides (DELETE /evaluation/delete/{id}: the group's evaluators at any status, 404 outside the caller's scope) and
 * a refusal shows its translated message.
 */
export const GroupActivities = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const title = translate('app.groups.activities');
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={title} />
      <CardContent>
        <ActivityTable filter={{ group_id: record.id }} canDelete={() => true} label={title} showChild />
      </CardContent>
    </Card>
  );
};
