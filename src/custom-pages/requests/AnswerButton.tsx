import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useRecordContext } from 'react-admin';
import { RecordActionButton } from '../../components/RecordActionButton';

/** Accept or refuse a waiting request of a child (a course request or a group request). */
export const AnswerButton = ({ accept }: { accept: boolean }) => {
  const record = useRecordContext();
  if (!record || record.status !== 0) return null;
  return (
    <RecordActionButton
      label={accept ? 'app.requests.accept' : 'app.requests.refuse'}
      icon={accept ? <CheckIcon /> : <CloseIcon />}
      color={accept ? 'success' : 'warning'}
      successMessage={accept ? 'app.notify.requestAccepted' : 'app.notify.requestRefused'}
      action={(dataProvider, r) =>
        r.kind === 'course'
          ? dataProvider.answerCourseRequest(r.course_id, r.child_id, accept)
          : dataProvider.answerGroupRequest(r.group_id, r.child_id, accept)
      }
    />
  );
};
