import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { ChildChoice } from './ChildChoice';

/** A family asks for a child to join a course (POST /courses/add/{id}/1), or withdraws a waiting request (…/0). */
export const AskCourseDialog = ({ course, onClose }: { course: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [child, setChild] = useState<Identifier | ''>('');
  const [error, setError] = useState<string>();
  const submit = async (ask: boolean) => {
    if (child === '') return setError('app.validation.childRequired');
    setError(undefined);
    const errors = await run(async () => {
      const answer = await dataProvider.askCourse(course.id, child, ask);
      notify(answer.key, { type: 'success' });
      onClose();
    });
    if (errors?.user_id) setError(errors.user_id);
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ask-course-title">
      <DialogTitle id="ask-course-title">{translate('app.courses.askTitle', { name: course.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.courses.askHelp')}</DialogContentText>
        <ChildChoice value={child} onChange={setChild} error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={() => void submit(false)} disabled={busy}>
          {translate('app.courses.withdraw')}
        </Button>
        <Button variant="contained" onClick={() => void submit(true)} disabled={busy}>
          {translate('app.courses.ask')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
