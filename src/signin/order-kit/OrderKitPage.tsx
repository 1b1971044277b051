import type { MouseEvent } from 'react';
import { Divider, Link, Stack, Typography } from '@mui/material';
import { useSignInEnv } from '../env';
import { LanguageMenu } from '../LanguageMenu';
import { PublicFrame } from '../PublicFrame';
import { PublicTabs } from './PublicTabs';
import { SampleCard } from './SampleCard';

/**
 * /order-neomi-kit (public): the sample PDF, the kit order form and the published forms (docs/PRODUCT.md §2), a page
 * of the light app (LightApp.tsx); the console and the public app mount it for their own navigations
 * (custom-pages/order-kit/OrderKitPage.tsx).
 */
export const OrderKitPage = () => {
  const { translate, navigate } = useSignInEnv();
  return (
    <PublicFrame title={translate('app.public.pageTitle')} brand={translate('app.name')} menu={<LanguageMenu />} wide>
      <Stack spacing={2}>
        <Typography variant="body1">{translate('app.public.intro')}</Typography>
        <SampleCard />
        <Divider />
        <PublicTabs />
        <Typography variant="body2" sx={{ pt: 1 }}>
          <Link
            href="/login"
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              navigate('/login');
            }}
          >
            {translate('app.public.signIn')}
          </Link>
        </Typography>
      </Stack>
    </PublicFrame>
  );
};
