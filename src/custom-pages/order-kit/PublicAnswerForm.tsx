import { useMemo } from 'react';
import { Stack, Typography } from '@mui/material';
import { Form, useDataProvider, useLocaleState } from 'react-admin';
import { HONEYPOT_FIELD, inLocale } from '../../../domain/publicForms';
import type { FormField } from '../../../domain/schemas/public';
import type { AppDataProvider } from '../../dataProvider';
import type { PublicForm } from '../../dataProvider/public';
import { AnswerInput } from './AnswerInput';
import { ChallengeInput } from '../../components/ChallengeInput';
import { HoneypotInput } from './HoneypotInput';
import { SendButton } from './SendButton';
import { type PublicSchemas, lazyPublicValidate, loadPublicSchemas } from './publicSchemas';
import { usePublicSend } from './usePublicSend';

/**
 * A published form on the public page: its questions, checked by the same rules as the server (domain
 * answersSchemaFor, from the form's own definition, loaded when the form first judges: publicSchemas.ts); cleared
 * once sent.
 */
export const PublicAnswerForm = ({ form }: { form: PublicForm }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  // the form's schema, made once from its definition when the schemas have arrived
  const schemaOf = useMemo(() => {
    let schema: ReturnType<PublicSchemas['answersSchemaFor']> | undefined;
    return (schemas: PublicSchemas) => (schema ??= schemas.answersSchemaFor(form.fields as FormField[]));
  }, [form.fields]);
  const validate = useMemo(() => lazyPublicValidate(schemaOf), [schemaOf]);
  const { busy, send, challengeNeeded, round, formKey } = usePublicSend();
  const description = inLocale(form.description as never, locale);

  const submit = async (values: Record<string, unknown>) => {
    const parsed = schemaOf(await loadPublicSchemas()).safeParse(values);
    if (!parsed.success) return undefined; // the form already shows why
    return send(() =>
      dataProvider.sendFormAnswers(form.id, {
        answers: parsed.data,
        locale,
        [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
        captcha: values.captcha,
      }),
    );
  };

  return (
    <Stack spacing={1}>
      {description && (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      <Form key={formKey} validate={validate} onSubmit={submit} mode="onTouched" noValidate>
        <Stack sx={{ position: 'relative' }}>
          {form.fields.map((field) => (
            <AnswerInput key={field.name} field={field} locale={locale} />
          ))}
          <HoneypotInput />
          {challengeNeeded && <ChallengeInput round={round} hint="app.public.challengeHint" />}
          <Stack direction="row" sx={{ mt: 2 }}>
            <SendButton busy={busy} />
          </Stack>
        </Stack>
      </Form>
    </Stack>
  );
};
