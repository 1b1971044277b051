import { type FormEvent, useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, SelectInput, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  type CategoryOut,
  type SubcategoryOut,
  WORD_LANGUAGES,
  type WordLanguage,
  wordEntrySchema,
} from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { serverFieldErrors, useBusyAction } from '../../hooks/useBusyAction';
import { FormDialog } from '../../components/FormDialog';
import {
  type CategoryPayload,
  type WordEntry,
  withWordAdded,
  withWordChanged,
  withWordRemoved,
  wordErrorOf,
} from './categoryPayload';

interface WordsPanelProps {
  category: CategoryOut;
  subcategory: SubcategoryOut;
  onSaved: () => void;
}

const ARABIC = /[\u0600-\u06FF]/;

/** The words of one subcategory with their language and normalised form: add, edit, delete (with confirmation). */
export const WordsPanel = ({ category, subcategory, onSaved }: WordsPanelProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const [word, setWord] = useState('');
  const [language, setLanguage] = useState<WordLanguage | ''>('');
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const save = async (payload: CategoryPayload, successMessage: string) => {
    const errors = await run(async () => {
      await dataProvider.saveCategory(payload);
      notify(successMessage, { type: 'success' });
      onSaved();
    });
    return errors;
  };

  /** Arabic letters suggest Arabic; otherwise the console's language. */
  const languageOf = (text: string): WordLanguage =>
    language || (ARABIC.test(text) ? 'ar' : (WORD_LANGUAGES.find((l) => l.id === locale)?.id ?? 'en'));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const entry = { word, language: languageOf(word) };
    const parsed = wordEntrySchema.safeParse(entry);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    const errors = await save(
      withWordAdded(category, subcategory.id, parsed.data as WordEntry),
      'app.categoryManagement.wordAdded',
    );
    const wordError = wordErrorOf(errors);
    setError(wordError);
    if (!errors) {
      setWord('');
      setLanguage('');
    }
  };

  const remove = async () => {
    if (removing === null) return;
    await save(withWordRemoved(category, subcategory.id, removing), 'app.categoryManagement.wordDeleted');
    setRemoving(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.categoryManagement.wordsOf', {
          category: category.category,
          subcategory: subcategory.subcategory,
        })}
      </Typography>
      <Box component="form" onSubmit={add} noValidate aria-label={translate('app.categoryManagement.addWord')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <TextField
            size="small"
            fullWidth={false}
            label={translate('app.categoryManagement.word')}
            value={word}
            onChange={(e) => {
              setWord(e.target.value);
              setError(undefined);
            }}
            error={!!error}
            helperText={error ? translate(error) : ' '}
            sx={{ minWidth: 220 }}
          />
          <TextField
            select
            size="small"
            fullWidth={false}
            label={translate('app.categoryManagement.language')}
            value={language || (word ? languageOf(word) : '')}
            onChange={(e) => setLanguage(e.target.value as WordLanguage)}
            sx={{ minWidth: 140 }}
          >
            {WORD_LANGUAGES.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {translate(l.labelKey)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={busy || !word.trim()}>
            {translate('app.categoryManagement.addWord')}
          </Button>
        </Stack>
      </Box>
      {subcategory.words.length === 0 ? (
        <Typography color="text.secondary">{translate('app.categoryManagement.noWords')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.categoryManagement.words')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.categoryManagement.word')}</TableCell>
              <TableCell>{translate('app.categoryManagement.language')}</TableCell>
              <TableCell>{translate('app.categoryManagement.normalised')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {subcategory.words.map((w, index) => (
              <TableRow key={w.id}>
                <TableCell lang={w.language} dir="auto">
                  {w.word}
                </TableCell>
                <TableCell>{translate(`app.codes.language.${w.language}`)}</TableCell>
                <TableCell dir="auto" sx={{ color: 'text.secondary' }}>
                  {w.normalised}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('app.categoryManagement.editWord')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate('app.categoryManagement.editWord')}: ${w.word}`}
                      onClick={() => setEditing(index)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('app.categoryManagement.deleteWord')}>
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={`${translate('app.categoryManagement.deleteWord')}: ${w.word}`}
                      onClick={() => setRemoving(index)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing !== null && (
        <FormDialog
          open
          title={translate('app.categoryManagement.editWord')}
          record={{ word: subcategory.words[editing]?.word, language: subcategory.words[editing]?.language }}
          schema={wordEntrySchema}
          save={async (data) => {
            try {
              await dataProvider.saveCategory(withWordChanged(category, subcategory.id, editing, data as WordEntry));
            } catch (e) {
              // the server names the word by its place in the category: give it to this form's field
              const wordError = wordErrorOf(serverFieldErrors(e));
              if (wordError && e && typeof e === 'object' && 'body' in e)
                (e as { body: { errors?: Record<string, string> } }).body.errors = { word: wordError };
              throw e;
            }
            onSaved();
          }}
          successMessage="app.notify.saved"
          onClose={() => setEditing(null)}
        >
          <TextInput source="word" label="app.categoryManagement.word" fullWidth />
          <SelectInput
            source="language"
            label="app.categoryManagement.language"
            choices={WORD_LANGUAGES.map((l) => ({ id: l.id, name: l.labelKey }))}
          />
        </FormDialog>
      )}
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title="app.categoryManagement.deleteWordTitle"
        content="app.categoryManagement.deleteWordContent"
        translateOptions={{ word: removing !== null ? (subcategory.words[removing]?.word ?? '') : '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
};
