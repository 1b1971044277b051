import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useSignInEnv } from '../env';
import { KIT_ORDER_FIELDS } from '../../../domain/publicForms';
import type { KitOrderSent } from '../../dataProvider/publicCalls';

/** Emails, phone numbers and the reference read left to right, on an Arabic page too. */
const LTR_FIELDS = new Set(['email', 'phone_number']);
/** A value isolated left to right inside a translated sentence (LRI … PDI), as <bdi dir="ltr"> does in markup. */
const isolated = (text: string) => `\u2066${text}\u2069`;

/**
 * What the orderer sees once the kit order is stored (docs/api/public.md "Kit order"): the reference number, the
 * order as stored and what happens next — the same as the mail sent to the orderer — and a way to order again.
 */
export const KitOrderConfirmation = ({ sent, onAgain }: { sent: KitOrderSent; onAgain: () => void }) => {
  const { translate } = useSignInEnv();
  const heading = useRef<HTMLHeadingElement>(null);
  const { order } = sent;
  useEffect(() => {
    // the form is gone: the heading takes the focus (screen readers read it), and the page shows it
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.public.confirmation.${key}`, options);
  return (
    <Card component="section" variant="outlined" aria-labelledby="order-confirmation-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <CheckCircleIcon color="success" aria-hidden sx={{ mt: 0.5 }} />
            <Typography
              id="order-confirmation-title"
              ref={heading}
              tabIndex={-1}
              variant="h5"
              component="h2"
              sx={{ outline: 'none' }}
            >
              {t('title')}
            </Typography>
          </Stack>
          <Box>
            <Typography variant="overline" component="p">
              {t('reference')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="order-reference">
              <bdi dir="ltr">{order.reference}</bdi>
            </Typography>
          </Box>
          <Alert severity="info">{t('mailed', { email: isolated(order.email) })}</Alert>
          <Box component="section" aria-labelledby="order-summary-title">
            <Typography id="order-summary-title" variant="h6" component="h3" gutterBottom>
              {t('summary')}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: { xs: 0, sm: 1 },
                m: 0,
              }}
            >
              {KIT_ORDER_FIELDS.filter((field) => order[field] !== null && order[field] !== '').map((field) => (
                <Box key={field} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                    {translate(`resources.orders.fields.${field}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {LTR_FIELDS.has(field) ? <bdi dir="ltr">{String(order[field])}</bdi> : String(order[field])}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <Box component="section" aria-labelledby="order-next-title">
            <Typography id="order-next-title" variant="h6" component="h3" gutterBottom>
              {t('next')}
            </Typography>
            <Box component="ol" sx={{ m: 0, ps: 3 }}>
              <li>
                <Typography>{t('next1')}</Typography>
              </li>
              <li>
                <Typography>{t('next2')}</Typography>
              </li>
            </Box>
            <Typography sx={{ mt: 1 }}>{t('next3', { reference: isolated(order.reference) })}</Typography>
          </Box>
          <Stack direction="row">
            <Button variant="outlined" onClick={onAgain}>
              {t('again')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
