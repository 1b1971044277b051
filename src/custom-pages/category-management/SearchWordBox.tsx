import { type FormEvent, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { WordMatch } from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { WordSearchError, type WordSearch } from '../../dataProvider/dictionary';
import { notifyError } from '../../notifyError';

/**
 * Which category and subcategory a word belongs to, after normalisation
 * (POST /category/search-word). An answer with an error field is thrown by
 * the data provider and kept here (docs/PRODUCT.md §8 "Word search") until the next search.
 */
export const SearchWordBox = ({ setId, onOpen }: { setId?: number; onOpen: (match: WordMatch) => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [word, setWord] = useState('');
  const [everySet, setEverySet] = useState(false);
  const [result, setResult] = useState<WordSearch>();
  const [error, setError] = useState<WordSearchError>();
  const [busy, setBusy] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!word.trim()) return;
    setBusy(true);
    setResult(undefined);
    setError(undefined);
    try {
      setResult(await dataProvider.searchWord(word, everySet ? undefined : setId));
    } catch (e) {
      if (e instanceof WordSearchError) setError(e);
      else notifyError(notify, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" role="search" onSubmit={search} noValidate>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth={false}
          label={translate('app.categoryManagement.searchWord')}
          value={word}
          onChange={(e) => setWord(e.target.value)}
          sx={{ minWidth: 320 }}
        />
        <Button type="submit" variant="outlined" startIcon={<SearchIcon />} disabled={busy || !word.trim()}>
          {translate('app.categoryManagement.search')}
        </Button>
        <FormControlLabel
          control={<Checkbox checked={everySet} onChange={(e) => setEverySet(e.target.checked)} />}
          label={translate('app.categoryManagement.searchEverySet')}
        />
      </Stack>
      {error && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate(error.key, { _: error.body.message ?? error.key })}
          {error.body.normalised
            ? ` (${translate('app.categoryManagement.normalised')}: ${error.body.normalised})`
            : ''}
        </Alert>
      )}
      {result && (
        <List dense aria-label={translate('app.categoryManagement.searchResults')}>
          {result.matches.map((m) => (
            <ListItem key={`${m.set_id}-${m.subcategory_id}`} disablePadding>
              <ListItemButton onClick={() => onOpen(m)}>
                <ListItemText
                  primary={`${m.category} › ${m.subcategory}`}
                  secondary={translate('app.categoryManagement.matchDetail', {
                    set: m.set,
                    word: m.word,
                    language: translate(`app.codes.language.${m.language}`),
                  })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
