import { InReactAdmin } from '../login/adminEnv';
import { NotFoundPage as LightNotFoundPage } from '../../signin/NotFoundPage';

/** /404 and every unknown address inside react-admin: the page of src/signin/ (login/adminEnv.tsx says how). */
const NotFoundPage = () => (
  <InReactAdmin>
    <LightNotFoundPage />
  </InReactAdmin>
);

export default NotFoundPage;
