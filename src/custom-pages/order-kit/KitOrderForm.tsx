import { useState } from 'react';
import { Box, Grid, Stack } from '@mui/material';
import { Form, NumberInput, TextInput, useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { KitOrderSent } from '../../dataProvider/public';
import { ChallengeInput } from '../../components/ChallengeInput';
import { TypedBeforeHydration } from '../../components/TypedBeforeHydration';
import { HoneypotInput } from './HoneypotInput';
import { KitOrderConfirmation } from './KitOrderConfirmation';
import { lazyPublicValidate, loadPublicSchemas } from './publicSchemas';
import { SendButton } from './SendButton';
import { usePublicSend } from './usePublicSend';

const validate = lazyPublicValidate((schemas) => schemas.kitOrderSchema);
const label = (field: string) => `resources.orders.fields.${field}`;
const half = { xs: 12, sm: 6 } as const;
/** Emails and phone numbers are written left to right, on an Arabic page too. */
const LTR = { htmlInput: { dir: 'ltr' } } as const;

/**
 * The kit order (docs/PRODUCT.md §5 "Kit order"): all required but the comment, the same rules as the server (domain
 * kitOrderSchema, loaded when the form first judges: publicSchemas.ts). Once sent, the confirmation (reference number,
 * summary, what happens next) takes its place; "place another order" brings back an empty form.
 */
export const KitOrderForm = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  const { busy, send, challengeNeeded, round, formKey } = usePublicSend();
  const [sent, setSent] = useState<KitOrderSent | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const { kitOrderSchema } = await loadPublicSchemas();
    const parsed = kitOrderSchema.safeParse({ ...values, locale });
    if (!parsed.success) return undefined; // the form already shows why
    return send(() => dataProvider.sendKitOrder(parsed.data), setSent);
  };

  if (sent) return <KitOrderConfirmation sent={sent} onAgain={() => setSent(null)} />;

  return (
    <Form key={formKey} validate={validate} onSubmit={submit} mode="onTouched" noValidate>
      <Box sx={{ position: 'relative' }}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <TextInput source="entity" label={label('entity')} autoComplete="organization" />
          </Grid>
          <Grid size={half}>
            <NumberInput source="kits_no" label={label('kits_no')} min={1} step={1} />
          </Grid>
          <Grid size={half}>
            <TextInput source="contact_name" label={label('contact_name')} autoComplete="name" />
          </Grid>
          <Grid size={half}>
            <TextInput source="email" type="email" label={label('email')} autoComplete="email" slotProps={LTR} />
          </Grid>
          <Grid size={half}>
            <TextInput
              source="phone_number"
              type="tel"
              label={label('phone_number')}
              autoComplete="tel"
              slotProps={LTR}
            />
          </Grid>
          <Grid size={half}>
            <TextInput source="address" label={label('address')} autoComplete="street-address" />
          </Grid>
          <Grid size={12}>
            <TextInput source="comment" label={label('comment')} multiline minRows={3} />
          </Grid>
        </Grid>
        <HoneypotInput />
        <TypedBeforeHydration />
        {challengeNeeded && <ChallengeInput round={round} hint="app.public.challengeHint" />}
        <Stack direction="row" sx={{ mt: 2 }}>
          <SendButton busy={busy} />
        </Stack>
      </Box>
    </Form>
  );
};
