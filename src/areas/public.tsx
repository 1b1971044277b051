import { Resource } from 'react-admin';
import forms from '../resources/forms';
import orders from '../resources/orders';

/** The public pages' records in the console: kit orders, forms and their answers (the pages themselves are in routes.tsx PUBLIC_PAGES). */
export const publicArea = (
  <>
    <Resource name="orders" {...orders} />
    <Resource name="forms" {...forms} />
    <Resource name="formAnswers" />
  </>
);
