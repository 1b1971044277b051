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
            <ListItem disablePadding role="none">
              {/* the actions are inside the tree item: a tree owns only items and groups (WAI-ARIA tree) */}
              <ListItemButton
                role="treeitem"
                aria-expanded={open}
                aria-labelledby={`category-${category.id}`}
                onClick={() => onToggle(category.id)}
              >
                {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                <ListItemText
                  id={`category-${category.id}`}
                  sx={{ ml: 1 }}
                  // the space keeps the name and the counts two words apart for tools that join the texts (axe's Label in Name)
                  primary={`${category.category} `}
                  secondary={translate('app.categoryManagement.categoryCounts', {
                    smart_count: category.subcategories.length,
                    counter: category.category_counter,
                  })}
                />
                <Box sx={{ display: 'flex', flexShrink: 0 }} onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={translate('app.categoryManagement.editCategory')}>
                    <IconButton
                      aria-label={`${translate('app.categoryManagement.editCategory')}: ${category.category}`}
                      onClick={() => onEdit(category)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('app.categoryManagement.deleteCategory')}>
                    <IconButton
                      color="error"
                      aria-label={`${translate('app.categoryManagement.deleteCategory')}: ${category.category}`}
                      onClick={() => onDelete(category)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </ListItemButton>
            </ListItem>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List dense disablePadding role="group">
                {category.subcategories.map((sub) => (
                  <ListItem key={sub.id} disablePadding role="none">
                    <ListItemButton
                      role="treeitem"
                      selected={sub.id === selected}
                      aria-selected={sub.id === selected}
                      aria-labelledby={`subcategory-${sub.id} subcategory-${sub.id}-counter`}
                      onClick={() => onSelect(category, sub)}
                      sx={{ pl: 6 }}
                    >
                      <ListItemText
                        id={`subcategory-${sub.id}`}
                        primary={`${sub.subcategory} `}
                        secondary={`${translate('app.categoryManagement.wordCount', { smart_count: sub.words.length })} `}
                      />
                      <Tooltip title={translate('app.categoryManagement.counter')} describeChild>
                        <Chip id={`subcategory-${sub.id}-counter`} size="small" label={sub.subcategory_counter} />
                      </Tooltip>
                      <Tooltip title={translate('app.categoryManagement.deleteSubcategory')}>
                        <IconButton
                          color="error"
                          aria-label={`${translate('app.categoryManagement.deleteSubcategory')}: ${sub.subcategory}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onDeleteSubcategory(category, sub);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
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
