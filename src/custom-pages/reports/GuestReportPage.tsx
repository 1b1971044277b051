import { useLocation, useParams } from 'react-router-dom';
import { InReactAdmin } from '../login/adminEnv';
import { GuestReport, isFinished } from './GuestReport';

/**
 * /guest-report/:token/:exam_type? inside react-admin (the console, the public app after the test): the report's
 * page (GuestReport.tsx) with its address read from react-router.
 */
const GuestReportPage = () => {
  const { token = '', exam_type: examType = '1' } = useParams();
  const finished = isFinished(useLocation().state);
  return (
    <InReactAdmin>
      <GuestReport token={token} examType={examType} finished={finished} />
    </InReactAdmin>
  );
};

export default GuestReportPage;
