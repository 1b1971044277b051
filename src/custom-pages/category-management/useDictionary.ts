import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The sets, and the categories of one set (GET /category/categories-and-subcategories?set_id=). */
export const useDictionary = (setId: number | undefined) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['category-dictionary', setId ?? null],
    queryFn: () => dataProvider.getDictionary(setId),
  });
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: ['category-dictionary'] }), [queryClient]);
  return { ...query, reload };
};
