import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress, Stack } from '@mui/material';
import { HONEYPOT_FIELD } from '../../../domain/publicForms';
import { ChallengeWidget } from '../../components/ChallengeWidget';
import { useSignInEnv } from '../env';
import type { BoundField } from '../form';
import { HoneypotField } from './HoneypotField';
import type { usePublicSend } from './publicSend';

/** The send button: disabled with a wait text while sending (docs/PRODUCT.md §4 "Forms that follow what is typed"). */
export const SendButton = ({ busy }: { busy: boolean }) => {
  const { translate } = useSignInEnv();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={
        busy ? (
          <CircularProgress size={18} color="inherit" aria-hidden />
        ) : (
          <SendIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        )
      }
    >
      {translate(busy ? 'app.public.sending' : 'app.public.send')}
    </Button>
  );
};

/** What the end of a public form needs of its form (useSchemaForm, src/signin/form.ts). */
interface SendingForm {
  fieldProps: (name: string, translate: (key: string) => string) => BoundField;
  setValue: (name: string, value: unknown) => void;
  errorOf: (name: string) => string | undefined;
}

/**
 * The end of a public form (the kit order, a published form): the honeypot, the proof-of-work challenge once the
 * server has asked for it (docs/SECURITY.md), its solution kept in the form's `captcha`, and the send button.
 */
export const FormEnd = ({ form, sending }: { form: SendingForm; sending: ReturnType<typeof usePublicSend> }) => {
  const { translate, locale } = useSignInEnv();
  return (
    <>
      <HoneypotField bound={form.fieldProps(HONEYPOT_FIELD, translate)} />
      {sending.challengeNeeded && (
        <ChallengeWidget
          round={sending.round}
          hint="app.public.challengeHint"
          locale={locale}
          translate={translate}
          onChange={(solution) => form.setValue('captcha', solution)}
          error={form.errorOf('captcha')}
        />
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <SendButton busy={sending.busy} />
      </Stack>
    </>
  );
};
