import { type Theme, useMediaQuery } from '@mui/material';

/**
 * Whether the screen is phone-sized (below the theme's `sm` breakpoint, 600 px), where a table becomes a list of
 * cards, as react-admin's demo switches its lists to `SimpleList` (docs/PRODUCT.md §2 "Phones").
 */
export const usePhone = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
