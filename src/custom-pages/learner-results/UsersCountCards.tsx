import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, CardHeader, Grid, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { learnerResultMethods, type TestCounts } from '../../dataProvider/learnerResults';
import { errorText } from '../reports/errors';
import { examTypeKey } from './choices';
import { formatNumber } from '../../../domain/format';

/** GET /usersCount: per test, the learners in scope who took it, were scored, and whose scores are confirmed. */
export const UsersCountCards = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [tests, setTests] = useState<TestCounts[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    learnerResultMethods
      .usersCount()
      .then((r) => setTests(r.tests))
      .catch((e: unknown) => setError(errorText(e)));
  }, []);
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate(error)}
      </Alert>
    );
  if (!tests) return null;
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      {tests.map((t) => (
        <Grid key={t.exam_type} size={{ xs: 12, md: 6 }}>
          <Card
            component="section"
            aria-label={translate(examTypeKey(t.exam_type))}
            data-testid={`users-count-${t.exam_type}`}
          >
            <CardHeader title={translate(examTypeKey(t.exam_type))} sx={{ pb: 0 }} />
            <CardContent>
              <Stack direction="row" spacing={4}>
                {(['takers', 'scored', 'confirmed'] as const).map((k) => (
                  <div key={k} data-count={k}>
                    <Typography variant="body2" color="text.secondary">
                      {translate(`app.score.count.${k}`)}
                    </Typography>
                    <Typography variant="h5" component="p">
                      {formatNumber(t[k], locale)}
                    </Typography>
                  </div>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
};
