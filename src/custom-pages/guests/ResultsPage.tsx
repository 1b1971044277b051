import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PublicShell } from '../../components/PublicShell';

/** The token of a report link, or a bare token. */
export const reportToken = (text: string): string | null => {
  const match = /([A-Za-z0-9_-]{20,64})\/?\s*$/.exec(text.trim());
  return match ? match[1] : null;
};

/** /results — a guest opens their report with the link (or its code) given at registration. */
const ResultsPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const token = reportToken(text);
  return (
    <PublicShell title={translate('app.exams.results.title')}>
      <Typography sx={{ mb: 2 }}>{translate('app.exams.results.intro')}</Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (token) navigate(`/guest-report/${token}`);
        }}
      >
        <TextField
          label={translate('app.exams.results.link')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={!!text && !token}
          helperText={text && !token ? translate('app.exams.results.invalid') : ' '}
        />
        <Button type="submit" variant="contained" disabled={!token}>
          {translate('app.exams.results.open')}
        </Button>
      </Stack>
    </PublicShell>
  );
};

export default ResultsPage;
