import { createElement } from 'react';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { LocalizedTitleField } from './LocalizedTitleField';
import { lazyPart } from '../../lazyPart';

/** Admin-defined forms (/forms): list, create, edit, show with their answers. */
export default {
  list: lazyPart(() => import('./FormList')),
  create: lazyPart(() => import('./FormCreate')),
  edit: lazyPart(() => import('./FormEdit')),
  show: lazyPart(() => import('./FormShow')),
  icon: DynamicFormIcon,
  /** the title in the console's language */
  recordRepresentation: createElement(LocalizedTitleField, { source: 'title' }),
};
