import { Divider, Link, Stack, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { PublicTabs } from './PublicTabs';
import { SampleCard } from './SampleCard';

/** /order-neomi-kit (public): the sample PDF, the kit order form and the published forms (docs/PRODUCT.md §2). */
const OrderKitPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.public.pageTitle')} wide>
      <Stack spacing={2}>
        <Typography variant="body1">{translate('app.public.intro')}</Typography>
        <SampleCard />
        <Divider />
        <PublicTabs />
        <Typography variant="body2" sx={{ pt: 1 }}>
          <Link component={LinkBase} to="/login">
            {translate('app.public.signIn')}
          </Link>
        </Typography>
      </Stack>
    </PublicShell>
  );
};

export default OrderKitPage;
