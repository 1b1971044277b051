import { CustomRoutes, ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const CategoryManagementPage = lazyPage(() => import('../custom-pages/category-management/CategoryManagementPage'));

/** Dictionary: the category dictionary (/category-management, admin_neomi). */
export const dictionaryArea = (
  <CustomRoutes>
    <Route
      path="/category-management"
      element={
        // the page's forms (arrays of subcategories) need a resource context
        <ResourceContextProvider value="categories">
          <CategoryManagementPage />
        </ResourceContextProvider>
      }
    />
  </CustomRoutes>
);
