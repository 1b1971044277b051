import { useState } from 'react';
import { Box, Grid } from '@mui/material';
import { HONEYPOT_FIELD } from '../../../domain/publicForms';
import { type KitOrderSent, publicMethods } from '../../dataProvider/publicCalls';
import { useSignInEnv } from '../env';
import { Field } from '../fields';
import { useLoadedSchemaForm } from '../form';
import { KitOrderConfirmation } from './KitOrderConfirmation';
import { loadPublicSchemas } from './publicSchemas';
import { usePublicSend } from './publicSend';
import { FormEnd } from './SendButton';

const label = (field: string) => `resources.orders.fields.${field}`;
const half = { xs: 12, sm: 6 } as const;
/** Emails and phone numbers are written left to right, on an Arabic page too. */
const LTR = { htmlInput: { dir: 'ltr' } } as const;
const KITS = { htmlInput: { min: 1, step: 1 } } as const;

/** Every field of the order, empty; the honeypot and, once asked for, the challenge's solution. */
const EMPTY = {
  entity: '',
  kits_no: '',
  contact_name: '',
  email: '',
  phone_number: '',
  address: '',
  comment: '',
  [HONEYPOT_FIELD]: '',
  captcha: '',
};

type Send = ReturnType<typeof usePublicSend>;

/** The order's fields, a form afresh after each order (a new `key`). */
const OrderFields = ({ sending, onSent }: { sending: Send; onSent: (sent: KitOrderSent) => void }) => {
  const { translate, locale } = useSignInEnv();
  const form = useLoadedSchemaForm(loadPublicSchemas, (schemas) => schemas.kitOrderSchema, EMPTY);
  const { send } = sending;
  const submit = form.submit((parsed) => send(() => publicMethods.sendKitOrder({ ...parsed, locale }), onSent));
  const bound = (field: string) => form.fieldProps(field, translate);
  return (
    <form onSubmit={submit} noValidate>
      <Box sx={{ position: 'relative' }}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <Field {...bound('entity')} label={translate(label('entity'))} autoComplete="organization" />
          </Grid>
          <Grid size={half}>
            <Field {...bound('kits_no')} type="number" label={translate(label('kits_no'))} slotProps={KITS} />
          </Grid>
          <Grid size={half}>
            <Field {...bound('contact_name')} label={translate(label('contact_name'))} autoComplete="name" />
          </Grid>
          <Grid size={half}>
            <Field
              {...bound('email')}
              type="email"
              label={translate(label('email'))}
              autoComplete="email"
              slotProps={LTR}
            />
          </Grid>
          <Grid size={half}>
            <Field
              {...bound('phone_number')}
              type="tel"
              label={translate(label('phone_number'))}
              autoComplete="tel"
              slotProps={LTR}
            />
          </Grid>
          <Grid size={half}>
            <Field {...bound('address')} label={translate(label('address'))} autoComplete="street-address" />
          </Grid>
          <Grid size={12}>
            <Field {...bound('comment')} label={translate(label('comment'))} multiline minRows={3} />
          </Grid>
        </Grid>
        <FormEnd form={form} sending={sending} />
      </Box>
    </form>
  );
};

/**
 * The kit order (docs/PRODUCT.md §5 "Kit order", POST /contact/us): all required but the comment, the same rules as
 * the server (domain kitOrderSchema, loaded when the form first judges: publicSchemas.ts), sent with the page's
 * language, the server's field errors on their fields. Once sent, the confirmation (reference number, summary, what
 * happens next) takes its place; "place another order" brings back an empty form.
 */
export const KitOrderForm = () => {
  const sending = usePublicSend();
  const [sent, setSent] = useState<KitOrderSent | null>(null);
  if (sent) return <KitOrderConfirmation sent={sent} onAgain={() => setSent(null)} />;
  return <OrderFields key={sending.formKey} sending={sending} onSent={setSent} />;
};
