import { ArrayInput, SimpleFormIterator, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { categoryInputSchema, type CategoryOut } from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../components/FormDialog';
import { payloadOf } from './categoryPayload';

interface CategoryDialogProps {
  setId: number;
  /** the category to edit; none creates one */
  category?: CategoryOut;
  onClose: () => void;
  onSaved: (category: CategoryOut) => void;
}

/**
 * Create a category with its subcategories, or rename a category and add,
 * rename or remove subcategories (the words of kept subcategories are kept;
 * words are edited beside the tree).
 */
export const CategoryDialog = ({ setId, category, onClose, onSaved }: CategoryDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = category
    ? { kind: 'category', ...payloadOf(category) }
    : { kind: 'category', set_id: setId, category: '', subcategories: [{ subcategory: '', words: [] }] };
  return (
    <FormDialog
      open
      title={translate(category ? 'app.categoryManagement.editCategory' : 'app.categoryManagement.newCategory')}
      record={record}
      schema={categoryInputSchema}
      save={async (data) => onSaved((await dataProvider.saveCategory(data)).category)}
      successMessage="app.scoring.categorySaved"
      onClose={onClose}
    >
      <TextInput source="category" label="app.categoryManagement.categoryName" fullWidth />
      <ArrayInput source="subcategories" label="app.categoryManagement.subcategories">
        <SimpleFormIterator inline disableReordering disableClear>
          <TextInput source="subcategory" label="app.categoryManagement.subcategoryName" sx={{ minWidth: 280 }} />
        </SimpleFormIterator>
      </ArrayInput>
      {category && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.categoryManagement.removeSubcategoryNote')}
        </Typography>
      )}
    </FormDialog>
  );
};
