import { useMemo } from 'react';
import { Stack, Typography } from '@mui/material';
import { HONEYPOT_FIELD, inLocale } from '../../../domain/publicForms';
import type { FormField } from '../../../domain/schemas/public';
import { type PublicForm, publicMethods } from '../../dataProvider/publicCalls';
import { useSignInEnv } from '../env';
import { useLoadedSchemaForm } from '../form';
import { AnswerField } from './AnswerField';
import { type PublicSchemas, loadPublicSchemas } from './publicSchemas';
import { usePublicSend } from './publicSend';
import { FormEnd } from './SendButton';

type Send = ReturnType<typeof usePublicSend>;

/** A form's questions, a form afresh after each send (a new `key`). */
const Answers = ({ form, sending }: { form: PublicForm; sending: Send }) => {
  const { translate, locale } = useSignInEnv();
  // the form's schema, made once from its definition when the schemas have arrived
  const schemaOf = useMemo(() => {
    let schema: ReturnType<PublicSchemas['answersSchemaFor']> | undefined;
    return (schemas: PublicSchemas) => (schema ??= schemas.answersSchemaFor(form.fields as FormField[]));
  }, [form.fields]);
  const empty = useMemo(
    () => ({
      ...Object.fromEntries(form.fields.map((f) => [f.name, f.kind === 'multi_choice' ? [] : ''])),
      [HONEYPOT_FIELD]: '',
      captcha: '',
    }),
    [form.fields],
  );
  const answers = useLoadedSchemaForm(loadPublicSchemas, schemaOf, empty);
  const { send } = sending;
  const submit = answers.submit((parsed) =>
    send(() =>
      publicMethods.sendFormAnswers(form.id, {
        answers: parsed,
        locale,
        // the schema keeps the form's questions alone: what a send carries beside them, as typed (none if empty)
        [HONEYPOT_FIELD]: answers.values[HONEYPOT_FIELD] || undefined,
        captcha: answers.values.captcha || undefined,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack sx={{ position: 'relative' }}>
        {form.fields.map((field) => (
          <AnswerField
            key={field.name}
            field={field}
            bound={answers.fieldProps(field.name, translate)}
            setValue={answers.setValue}
          />
        ))}
        <FormEnd form={answers} sending={sending} />
      </Stack>
    </form>
  );
};

/**
 * A published form on the public page: its questions, checked by the same rules as the server (domain
 * answersSchemaFor, from the form's own definition, loaded when the form first judges: publicSchemas.ts), sent with
 * the page's language (POST /forms/:id/answers), a notification once stored, then an empty form.
 */
export const PublicAnswerForm = ({ form }: { form: PublicForm }) => {
  const { locale } = useSignInEnv();
  const sending = usePublicSend();
  const description = inLocale(form.description as never, locale);
  return (
    <Stack spacing={1}>
      {description && (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      <Answers key={sending.formKey} form={form} sending={sending} />
    </Stack>
  );
};
