import type { ComponentType } from 'react';
import { Card, CardActionArea, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { LinkBase, useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../../domain/format';

export interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: ComponentType<{ fontSize?: 'large'; color?: 'primary' }>;
  to?: string;
}

/** One of the overview's numbers, counted by the server (POST /dashboard/counts). */
export const StatCard = ({ label, value, icon: Icon, to }: StatCardProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const content = (
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Icon fontSize="large" color="primary" />
        <div>
          <Typography variant="body2" color="text.secondary" component="h2">
            {translate(label)}
          </Typography>
          <Typography variant="h4" component="p">
            {value === undefined ? (
              <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
            ) : (
              formatNumber(value, locale)
            )}
          </Typography>
        </div>
      </Stack>
    </CardContent>
  );
  return (
    <Card component="article" aria-label={translate(label)}>
      {to ? (
        <CardActionArea component={LinkBase} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
};
