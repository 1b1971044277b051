import { GuestReport, isFinished } from '../custom-pages/reports/GuestReport';
import { locationState } from './env';

/** The token and the test (1 pre, 2 post; pre by default) of /guest-report/:token/:exam_type?, decoded. */
const segmentsOf = (pathname: string) => {
  const [, token = '', examType = '1'] = /^\/guest-report\/([^/]+)(?:\/([^/]+))?\/?$/i.exec(pathname) ?? [];
  return { token: decodeURIComponent(token), examType: decodeURIComponent(examType) };
};

/** A guest's report in the light app (LightApp.tsx), its address read from `pathname`, as the server renders it. */
export const GuestReportPage = ({ pathname }: { pathname: string }) => {
  const { token, examType } = segmentsOf(pathname);
  const finished = isFinished(locationState());
  return <GuestReport token={token} examType={examType} finished={finished} />;
};
