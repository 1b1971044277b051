import { Suspense, useEffect, useState } from 'react';
import { Box, CircularProgress, Tab, Tabs } from '@mui/material';
import { inLocale } from '../../../domain/publicForms';
import { type PublicForm, publicMethods } from '../../dataProvider/publicCalls';
import { useSignInEnv } from '../env';
import { KitOrderForm } from './KitOrderForm';
import { lazyPart } from '../../lazyPart';

/**
 * A published form's page part, a chunk of its own fetched when its tab is chosen: its inputs (choices, dates) are
 * not part of the kit order's first download, nor run as the page opens (docs/PERFORMANCE.md "Phone").
 */
const PublicAnswerForm = lazyPart(() => import('./PublicAnswerForm').then((m) => ({ default: m.PublicAnswerForm })));

/**
 * The kit order and, beside it, each published form (GET /forms/published, fetched once the page runs: the page's
 * HTML, prerendered, has the kit order's tab alone), one tab each.
 */
export const PublicTabs = () => {
  const { translate, locale } = useSignInEnv();
  const [forms, setForms] = useState<PublicForm[]>([]);
  useEffect(() => {
    let current = true;
    // no forms to show if the call fails: the kit order stays
    publicMethods
      .getPublishedForms()
      .then((answer) => current && setForms(answer.forms))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const [tab, setTab] = useState(0);
  const form = tab > 0 ? forms[tab - 1] : undefined;
  return (
    <Box>
      <Tabs
        value={Math.min(tab, forms.length)}
        onChange={(_e, value: number) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={translate('app.public.orderTab')} id="public-tab-0" aria-controls="public-panel-0" />
        {forms.map((f, i) => (
          <Tab
            key={f.id}
            label={inLocale(f.title as never, locale)}
            id={`public-tab-${i + 1}`}
            aria-controls={`public-panel-${i + 1}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`public-panel-${form ? tab : 0}`} aria-labelledby={`public-tab-${form ? tab : 0}`}>
        {form ? (
          <Suspense fallback={<CircularProgress aria-hidden sx={{ display: 'block', mx: 'auto', my: 2 }} />}>
            <PublicAnswerForm key={form.id} form={form} />
          </Suspense>
        ) : (
          <KitOrderForm />
        )}
      </Box>
    </Box>
  );
};
