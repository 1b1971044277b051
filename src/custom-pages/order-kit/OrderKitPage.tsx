import { InReactAdmin } from '../login/adminEnv';
import { OrderKitPage as LightOrderKitPage } from '../../signin/order-kit/OrderKitPage';

/**
 * /order-neomi-kit inside react-admin: the light app's page (src/signin/order-kit/OrderKitPage.tsx;
 * login/adminEnv.tsx says how).
 */
const OrderKitPage = () => (
  <InReactAdmin>
    <LightOrderKitPage />
  </InReactAdmin>
);

export default OrderKitPage;
