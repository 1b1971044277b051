import { type FormEvent, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { type FoundLearner, learnerResultMethods } from '../../dataProvider/learnerResults';
import { errorText } from '../reports/errors';
import { examTypeKey } from './choices';

/** The server's validation key of a field, when the call failed on it (400). */
const fieldError = (e: unknown, field: string): string | undefined =>
  (e as { body?: { errors?: Record<string, string> } } | null)?.body?.errors?.[field];

/**
 * /search/user — learners in scope by name (POST /search/user, at most 50):
 * each with the family account and, per test taken, links to the scores'
 * review and to the report.
 */
const SearchUserPage = () => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [found, setFound] = useState<FoundLearner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setInputError(undefined);
    try {
      setFound((await learnerResultMethods.searchLearners(text)).data);
    } catch (e) {
      const onField = fieldError(e, 'search_text');
      if (onField) setInputError(onField);
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.menu.searchUser')} />
      <Card>
        <CardContent>
          <Stack
            component="form"
            role="search"
            direction="row"
            spacing={2}
            onSubmit={search}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              label={translate('app.score.search.label')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              name="search_text"
              error={!!inputError}
              helperText={inputError ? translate(inputError) : translate('app.score.search.help')}
              fullWidth={false}
              sx={{ width: 360 }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchOutlined />} disabled={busy} sx={{ mt: 1 }}>
              {translate('ra.action.search')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {error && <Alert severity="error">{translate(error)}</Alert>}
      {found && found.length === 0 && <Alert severity="info">{translate('app.score.search.none')}</Alert>}
      {found && found.length > 0 && (
        <Card>
          <Table size="small" data-testid="search-results">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.score.search.name')}</TableCell>
                <TableCell>{translate('app.score.search.parent')}</TableCell>
                <TableCell>{translate('app.score.search.tests')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {found.map((l) => (
                <TableRow key={l.student_id} data-student={l.student_id}>
                  <TableCell>{l.name}</TableCell>
                  <TableCell>{l.parent ?? '—'}</TableCell>
                  <TableCell>
                    {l.tests.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        {translate('app.score.search.noTests')}
                      </Typography>
                    ) : (
                      <Stack spacing={0.5}>
                        {l.tests.map((t) => (
                          <Stack key={t} direction="row" spacing={2}>
                            <Typography variant="body2" sx={{ minWidth: 110 }}>
                              {translate(examTypeKey(t))}
                            </Typography>
                            <Link component={RouterLink} to={`/score/review/${t}/${l.student_id}`}>
                              {translate('app.score.search.review')}
                            </Link>
                            <Link component={RouterLink} to={`/report/${l.student_id}/${t}`}>
                              {translate('app.score.search.report')}
                            </Link>
                          </Stack>
                        ))}
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Stack>
  );
};

export default SearchUserPage;
