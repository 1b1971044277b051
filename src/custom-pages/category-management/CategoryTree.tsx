import { Fragment } from 'react';
import { Box, Chip, Collapse, IconButton, List, ListItem, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import type { CategoryOut, SubcategoryOut } from '../../../domain/schemas/dictionary';

interface CategoryTreeProps {
  categories: CategoryOut[];
  expanded: ReadonlySet<number>;
  onToggle: (categoryId: number) => void;
  selected?: number;
  onSelect: (category: CategoryOut, subcategory: SubcategoryOut) => void;
  onEdit: (category: CategoryOut) => void;
  onDelete: (category: CategoryOut) => void;
  onDeleteSubcategory: (category: CategoryOut, subcategory: SubcategoryOut) => void;
}

/** Categories and their subcategories as a tree, with counters; a subcategory opens its words. */
export const CategoryTree = ({
  categories,
  expanded,
  onToggle,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onDeleteSubcategory,
}: CategoryTreeProps) => {
  const translate = useTranslate();
  return (
    <List dense role="tree" aria-label={translate('app.categoryManagement.tree')} sx={{ width: '100%' }}>
      {categories.map((category) => {
        const open = expanded.has(category.id);
        return (
          <Fragment key={category.id}>
            <ListItem
              disablePadding
              role="none"
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <Tooltip title={translate('app.categoryManagement.editCategory')}>
                    <IconButton
                      edge="end"
                      aria-label={`${translate('app.categoryManagement.editCategory')}: ${category.category}`}
                      onClick={() => onEdit(category)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('app.categoryManagement.deleteCategory')}>
                    <IconButton
                      edge="end"
                      color="error"
                      aria-label={`${translate('app.categoryManagement.deleteCategory')}: ${category.category}`}
                      onClick={() => onDelete(category)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              }
            >
              <ListItemButton
                role="treeitem"
                aria-expanded={open}
                onClick={() => onToggle(category.id)}
                sx={{ pr: 12 }}
              >
                {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                <ListItemText
                  sx={{ ml: 1 }}
                  primary={category.category}
                  secondary={translate('app.categoryManagement.categoryCounts', {
                    smart_count: category.subcategories.length,
                    counter: category.category_counter,
                  })}
                />
              </ListItemButton>
            </ListItem>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List dense disablePadding role="group">
                {category.subcategories.map((sub) => (
                  <ListItem
                    key={sub.id}
                    disablePadding
                    role="none"
                    secondaryAction={
                      <Tooltip title={translate('app.categoryManagement.deleteSubcategory')}>
                        <IconButton
                          edge="end"
                          color="error"
                          aria-label={`${translate('app.categoryManagement.deleteSubcategory')}: ${sub.subcategory}`}
                          onClick={() => onDeleteSubcategory(category, sub)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <ListItemButton
                      role="treeitem"
                      selected={sub.id === selected}
                      onClick={() => onSelect(category, sub)}
                      sx={{ pl: 6, pr: 8 }}
                    >
                      <ListItemText
                        primary={sub.subcategory}
                        secondary={translate('app.categoryManagement.wordCount', { smart_count: sub.words.length })}
                      />
                      <Tooltip title={translate('app.categoryManagement.counter')}>
                        <Chip size="small" label={sub.subcategory_counter} />
                      </Tooltip>
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Collapse>
          </Fragment>
        );
      })}
    </List>
  );
};
