import { createElement, lazy } from 'react';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { LocalizedTitleField } from './LocalizedTitleField';

/** Admin-defined forms (/forms): list, create, edit, show with their answers. */
export default {
  list: lazy(() => import('./FormList')),
  create: lazy(() => import('./FormCreate')),
  edit: lazy(() => import('./FormEdit')),
  show: lazy(() => import('./FormShow')),
  icon: DynamicFormIcon,
  /** the title in the console's language */
  recordRepresentation: createElement(LocalizedTitleField, { source: 'title' }),
};
