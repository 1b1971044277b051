import { useLocation, useParams } from 'react-router-dom';
import { InReactAdmin } from '../login/adminEnv';
import { GuestReport, useFinished } from './GuestReport';

/**
 * /guest-report/:token/:exam_type? inside react-admin (the console, the public app after the test): the report's
 * page (GuestReport.tsx) with its address read from react-router.
 */
const GuestReportPage = () => {
  const { token = '', exam_type: examType = '1' } = useParams();
  const finished = useFinished(useLocation().state as { finished?: boolean } | null);
  return (
    <InReactAdmin>
      <GuestReport token={token} examType={examType} finished={finished} />
    </InReactAdmin>
  );
};

export default GuestReportPage;
