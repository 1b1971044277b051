import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { RecordActionButton } from '../../components/RecordActionButton';

/** Approve (status 1) or refuse (status 0) a teacher waiting for approval: POST /users/add/{id}/{status}. */
export const ApproveTeacherButton = ({ approve = true }: { approve?: boolean }) => (
  <RecordActionButton
    label={approve ? 'app.teachers.approve' : 'app.teachers.refuse'}
    icon={approve ? <CheckIcon /> : <CloseIcon />}
    color={approve ? 'success' : 'warning'}
    successMessage={approve ? 'app.teachers.approved' : 'app.teachers.refused'}
    action={(dataProvider, record) => dataProvider.approveTeacher(record.id, approve)}
  />
);
