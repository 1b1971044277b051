import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Confirm, Loading, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { CategoryOut, SubcategoryOut, WordMatch } from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { CategoryDialog } from './CategoryDialog';
import { CategoryTree } from './CategoryTree';
import { withSubcategoryRemoved } from './categoryPayload';
import { ImportWordsDialog } from './ImportWordsDialog';
import { SearchWordBox } from './SearchWordBox';
import { ReviewQueuePanel } from './ReviewQueuePanel';
import { SetBar } from './SetBar';
import { useDictionary } from './useDictionary';
import { WordsPanel } from './WordsPanel';
import { ErrorAlert } from '../../components/ErrorAlert';

type Pending =
  | { kind: 'deleteCategory'; category: CategoryOut }
  | { kind: 'deleteSubcategory'; category: CategoryOut; subcategory: SubcategoryOut };

/**
 * /category-management (admin_neomi): the word dictionary of each category
 * set as a tree of categories and subcategories, the words of the chosen
 * subcategory, a word search, the xlsx import and the review queue of
 * unmatched answer words, dropped onto subcategories (docs/api/scoring.md).
 */
const CategoryManagementPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const [params, setParams] = useSearchParams();
  const setParam = Number(params.get('set')) || undefined;
  const { data, isPending, error, reload } = useDictionary(setParam);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<{ categoryId: number; subcategoryId: number }>();
  const [editing, setEditing] = useState<CategoryOut | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [importing, setImporting] = useState(false);

  const sets = useMemo(() => data?.sets ?? [], [data]);
  const current = sets.find((s) => s.id === setParam);
  const categories = useMemo(
    () => (current ? (data?.categories ?? []).filter((c) => c.set_id === current.id) : []),
    [data, current],
  );
  const selectedCategory = categories.find((c) => c.id === selected?.categoryId);
  const selectedSubcategory = selectedCategory?.subcategories.find((s) => s.id === selected?.subcategoryId);

  const selectSet = (id: number, open?: { categoryId: number; subcategoryId: number }) => {
    setParams({ set: String(id) });
    setSelected(open);
    setExpanded(new Set(open ? [open.categoryId] : []));
  };

  // no set chosen (or an unknown one): open the first set
  useEffect(() => {
    if (data && sets.length && !current) setParams({ set: String(sets[0].id) }, { replace: true });
  }, [data, sets, current, setParams]);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmPending = () =>
    run(async () => {
      if (!pending) return;
      if (pending.kind === 'deleteCategory') {
        await dataProvider.deleteCategory(pending.category.id);
        notify('app.scoring.categoryDeleted', { type: 'success' });
      } else {
        await dataProvider.saveCategory(withSubcategoryRemoved(pending.category, pending.subcategory.id));
        notify('app.categoryManagement.subcategoryDeleted', { type: 'success' });
      }
      await reload();
    }).then(() => setPending(null));

  const openMatch = (match: WordMatch) =>
    selectSet(match.set_id, { categoryId: match.category_id, subcategoryId: match.subcategory_id });

  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.menu.categoryManagement')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.menu.categoryManagement')}
      </Typography>
      {error && <ErrorAlert error={error} />}
      <Stack spacing={2}>
        <SetBar sets={sets} current={current} onSelect={(id) => selectSet(id)} onChanged={reload} />
        {current ? (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {translate('app.categoryManagement.newCategory')}
              </Button>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {translate('app.categoryManagement.importWords')}
              </Button>
            </Stack>
            <SearchWordBox setId={current.id} onOpen={openMatch} />
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}
            >
              <Paper variant="outlined">
                {categories.length ? (
                  <CategoryTree
                    categories={categories}
                    expanded={expanded}
                    onToggle={toggle}
                    selected={selected?.subcategoryId}
                    onSelect={(category, subcategory) =>
                      setSelected({ categoryId: category.id, subcategoryId: subcategory.id })
                    }
                    onEdit={setEditing}
                    onDelete={(category) => setPending({ kind: 'deleteCategory', category })}
                    onDeleteSubcategory={(category, subcategory) =>
                      setPending({ kind: 'deleteSubcategory', category, subcategory })
                    }
                  />
                ) : (
                  <Typography sx={{ p: 2 }} color="text.secondary">
                    {translate('app.categoryManagement.noCategories')}
                  </Typography>
                )}
              </Paper>
              {selectedCategory && selectedSubcategory ? (
                <WordsPanel
                  key={selectedSubcategory.id}
                  category={selectedCategory}
                  subcategory={selectedSubcategory}
                  onSaved={reload}
                />
              ) : (
                <Typography color="text.secondary" sx={{ p: 2 }}>
                  {translate('app.categoryManagement.chooseSubcategory')}
                </Typography>
              )}
            </Box>
            <ReviewQueuePanel setId={current.id} categories={categories} onAssigned={reload} />
          </>
        ) : (
          <Typography color="text.secondary">{translate('app.categoryManagement.noSets')}</Typography>
        )}
      </Stack>
      {editing && current && (
        <CategoryDialog
          setId={current.id}
          category={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setExpanded((open) => new Set([...open, saved.id]));
            reload();
          }}
        />
      )}
      {importing && current && (
        <ImportWordsDialog set={current} onClose={() => setImporting(false)} onImported={reload} />
      )}
      <Confirm
        isOpen={!!pending}
        loading={busy}
        title={
          pending?.kind === 'deleteSubcategory'
            ? 'app.categoryManagement.deleteSubcategoryTitle'
            : 'app.categoryManagement.deleteCategoryTitle'
        }
        content={
          pending?.kind === 'deleteSubcategory'
            ? 'app.categoryManagement.deleteSubcategoryContent'
            : 'app.categoryManagement.deleteCategoryContent'
        }
        translateOptions={{
          name:
            pending?.kind === 'deleteSubcategory'
              ? pending.subcategory.subcategory
              : (pending?.category.category ?? ''),
          smart_count:
            pending?.kind === 'deleteSubcategory'
              ? pending.subcategory.words.length
              : (pending?.category.subcategories.reduce((n, s) => n + s.words.length, 0) ?? 0),
        }}
        onConfirm={confirmPending}
        onClose={() => setPending(null)}
      />
    </Box>
  );
};

export default CategoryManagementPage;
