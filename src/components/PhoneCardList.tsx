import type { Key, ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';

export interface PhoneCard {
  key: Key;
  /** the card's heading: what the table's first column names */
  title: ReactNode;
  /** the other columns, label and value; an empty value leaves its line out */
  fields: readonly (readonly [label: string, value: ReactNode])[];
  /** the row's buttons and links, all of them */
  actions?: ReactNode;
  /** the row a table would highlight */
  selected?: boolean;
}

/**
 * A table's rows as cards, for phones (docs/PRODUCT.md §2 "Phones"): a list named like the table, one card per
 * row with its heading, its other columns as a definition list and every action the row has. Nothing scrolls
 * sideways, and each value sits under its label whatever its length.
 */
export const PhoneCardList = ({ label, cards }: { label: string; cards: readonly PhoneCard[] }) => (
  <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
    {cards.map((card) => (
      <Card
        key={card.key}
        component="li"
        variant="outlined"
        sx={card.selected ? { borderColor: 'primary.main', bgcolor: 'action.selected' } : undefined}
      >
        <CardContent sx={{ pb: card.actions ? 0 : undefined }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {card.title}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
          >
            {card.fields
              .filter(([, value]) => value !== null && value !== undefined && value !== '')
              .map(([fieldLabel, value]) => (
                <Box key={fieldLabel} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {fieldLabel}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
          </Box>
        </CardContent>
        {card.actions ? <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>{card.actions}</CardActions> : null}
      </Card>
    ))}
  </Box>
);
