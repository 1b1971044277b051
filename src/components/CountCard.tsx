import { Card, CardContent, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { formatNumber } from '../../domain/format';

/** A figure on a dashboard: its label as the card's name, the number in the user's digits. */
export const CountCard = ({ label, value }: { label: string; value: number }) => {
  const [locale] = useLocaleState();
  return (
    <Card component="article" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {formatNumber(value, locale)}
        </Typography>
      </CardContent>
    </Card>
  );
};
