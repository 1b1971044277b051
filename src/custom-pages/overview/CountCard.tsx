import type { ComponentType } from 'react';
import { Card, CardActionArea, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { LinkBase, useGetList, useLocaleState, useTranslate } from 'react-admin';

export interface CountCardProps {
  resource: string;
  filter?: Record<string, unknown>;
  label: string;
  icon: ComponentType<{ fontSize?: 'large' }>;
  to: string;
}

/** A number that exists: the `count` of a list call (limit 1), linking to that list. */
export const CountCard = ({ resource, filter = {}, label, icon: Icon, to }: CountCardProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return (
    <Card component="article" aria-label={translate(label)}>
      <CardActionArea component={LinkBase} to={to}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Icon fontSize="large" />
            <div>
              <Typography variant="body2" color="text.secondary" component="h2">
                {translate(label)}
              </Typography>
              <Typography variant="h4" component="p">
                {isPending ? <CircularProgress size={24} /> : error ? '—' : (total ?? 0).toLocaleString(locale)}
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
