import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { ResourceScreen } from '../routes';
import { lazyPart } from '../lazyPart';

const CategoryManagementPage = lazyPart(() => import('../custom-pages/category-management/CategoryManagementPage'));

/** Dictionary: the category dictionary (/category-management, admin_neomi). */
export const dictionaryArea = (
  <CustomRoutes>
    <Route
      path="/category-management"
      // the page's forms (arrays of subcategories) need a resource context
      element={<ResourceScreen resource="categories" screen={CategoryManagementPage} />}
    />
  </CustomRoutes>
);
