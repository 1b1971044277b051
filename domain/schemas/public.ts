import { z } from 'zod';
import { CHOICE_KINDS, CONTENT_LOCALES, FORM_FIELD_KINDS, ORDER_STATUSES, type FormFieldKind } from '../codes';
import {
  challengeSolution,
  checkbox,
  codeOf,
  email,
  id,
  isoDate,
  nameText,
  optionalCodeOf,
  optionalText,
  requiredText,
} from './fields';
import { HONEYPOT_FIELD, type KitOrderField, inLocale } from '../publicForms';
import { listQuerySchema } from './lists';

/**
 * The public pages (docs/api/public.md): the kit order (docs/PRODUCT.md §3 and §5),
 * admin-defined forms, and the answers to them, checked against each form's
 * own definition by the same rules on both sides.
 */

const REQUIRED = 'app.validation.required';
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export { HONEYPOT_FIELD, KIT_ORDER_FIELDS, inLocale } from '../publicForms';

/** Arabic-Indic and Persian digits as ASCII digits (people type phone numbers either way). */
export const asciiDigits = (text: string): string =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

const PHONE = /^\+?[0-9][0-9 ()\-./]{4,28}[0-9]$/;
const phoneText = () => requiredText(30).regex(PHONE, { error: 'app.public.invalidPhone' });
const withAsciiDigits = (v: unknown) => (typeof v === 'string' ? asciiDigits(v) : v);

/** A phone number: digits (any script), spaces, + ( ) - . /; at least 6 digits. */
export const phone = () => z.preprocess(withAsciiDigits, phoneText());
export const optionalPhone = () => z.preprocess((v) => blankToUndefined(withAsciiDigits(v)), phoneText().optional());

/** An email address of at most 255 characters, with the kit order's message. */
const emailAddress = () =>
  email('app.validation.emailAddress').refine((v) => v.length <= 255, { error: 'app.validation.tooLong' });

const toNumber = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? Number(asciiDigits(v.trim())) : blankToUndefined(v);

export const KITS_MAX = 10_000;

/** kits_no: a positive whole number (docs/PRODUCT.md §5 "Kit order"); "12" is read as 12. */
export const kitsNumber = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'app.public.kitsNumber') })
      .int({ error: 'app.public.kitsNumber' })
      .min(1, { error: 'app.public.kitsNumber' })
      .max(KITS_MAX, { error: 'app.public.kitsTooMany' }),
  );

export const contentLocale = () =>
  z.preprocess(blankToUndefined, z.enum(CONTENT_LOCALES, { error: 'app.validation.invalidChoice' }).optional());

/** What a public page sends besides its fields: the honeypot and, after a few sends, the solved challenge. */
export const publicSendFields = {
  [HONEYPOT_FIELD]: optionalText(500),
  captcha: challengeSolution(),
};

/**
 * The kit order (docs/PRODUCT.md §5 "Kit order"): all required but the comment; a valid email; kits_no whole. Its
 * fields are those of KIT_ORDER_FIELDS (domain/publicForms.ts), no more, no fewer.
 */
export const kitOrderFields = {
  email: emailAddress(),
  entity: nameText(255),
  kits_no: kitsNumber(),
  contact_name: nameText(255),
  phone_number: phone(),
  address: requiredText(500),
  comment: optionalText(2000),
} satisfies Record<KitOrderField, z.ZodType>;
export const kitOrderSchema = z.object({
  ...kitOrderFields,
  /** the language the visitor used, so the answer can be in it */
  locale: contentLocale(),
  ...publicSendFields,
});
export type KitOrderInput = z.infer<typeof kitOrderSchema>;

/**
 * An order's reference number, as the orderer reads it on the confirmation and in the mail and quotes it to the
 * academy: the stored order id, written NK-000123 (docs/api/public.md "Kit order").
 */
export const kitOrderReference = (id: number) => `NK-${String(id).padStart(6, '0')}`;

/** An admin handles or cancels an order (or opens it again), with a note. */
export const orderStatusSchema = z.object({
  status: codeOf(ORDER_STATUSES),
  note: optionalText(2000),
});

export const ORDER_ORDERABLE = ['created_at', 'id', 'kits_no', 'entity', 'status'] as const;
export const orderListSchema = listQuerySchema(ORDER_ORDERABLE).extend({
  status: optionalCodeOf(ORDER_STATUSES),
});
/** The export takes the list's filters (every matching row, no paging) and the language of its headers. */
export const orderExportSchema = orderListSchema
  .omit({ limit: true, offset: true })
  .extend({ locale: contentLocale() });

/* ------------------------------------------------------------------ forms */

/** A text in each locale: Arabic and English required, German and French optional (English stands in). */
export const localizedText = (max: number) =>
  z.object(
    {
      ar: requiredText(max),
      en: requiredText(max),
      de: optionalText(max),
      fr: optionalText(max),
    },
    { error: REQUIRED },
  );
export const optionalLocalizedText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .object({
        ar: optionalText(max),
        en: optionalText(max),
        de: optionalText(max),
        fr: optionalText(max),
      })
      .optional(),
  );
export type LocalizedText = { ar: string; en: string; de?: string; fr?: string };

/** Keys the server gives fields (f1, f2...) and options (o1, o2...), kept when a form is edited. */
export const FIELD_NAME = /^f[1-9][0-9]{0,5}$/;
export const OPTION_VALUE = /^o[1-9][0-9]{0,5}$/;

export const MAX_FORM_FIELDS = 50;
export const MAX_FIELD_OPTIONS = 50;

const formOptionSchema = z.object({
  value: z.preprocess(blankToUndefined, z.string().regex(OPTION_VALUE, { error: 'app.validation.invalid' }).optional()),
  label: localizedText(200),
});

const optionalNumber = () =>
  z.preprocess(toNumber, z.number({ error: 'app.validation.invalidNumber' }).finite().min(-1e12).max(1e12).optional());

export const formFieldSchema = z
  .object({
    name: z.preprocess(blankToUndefined, z.string().regex(FIELD_NAME, { error: 'app.validation.invalid' }).optional()),
    kind: codeOf(FORM_FIELD_KINDS),
    label: localizedText(300),
    required: z.preprocess((v) => (v === undefined || v === null || v === '' ? false : v), checkbox()),
    options: z.array(formOptionSchema).max(MAX_FIELD_OPTIONS, { error: 'app.validation.tooLong' }).optional(),
    /** number fields: the smallest and largest answer allowed */
    min: optionalNumber(),
    max: optionalNumber(),
  })
  .superRefine((field, ctx) => {
    const choice = CHOICE_KINDS.includes(field.kind);
    if (choice && !field.options?.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'app.public.optionsRequired' });
    const values = (field.options ?? []).map((o) => o.value).filter(Boolean);
    if (new Set(values).size !== values.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'app.public.duplicateName' });
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'app.public.numberTooSmall' });
    }
  });

/** POST /forms/add_form and PUT /forms/update/{id}. */
export const formSchema = z
  .object({
    title: localizedText(200),
    description: optionalLocalizedText(2000),
    published: z.preprocess((v) => (v === undefined || v === null || v === '' ? false : v), checkbox()),
    fields: z
      .array(formFieldSchema, { error: REQUIRED })
      .min(1, { error: REQUIRED })
      .max(MAX_FORM_FIELDS, { error: 'app.validation.tooLong' }),
  })
  .superRefine((form, ctx) => {
    const names = form.fields.map((f) => f.name).filter(Boolean);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'app.public.duplicateName' });
  });
export type FormInput = z.infer<typeof formSchema>;

/** A field as stored and published: its key given, choices with their values. */
export interface FormField {
  name: string;
  kind: FormFieldKind;
  label: LocalizedText;
  required: boolean;
  options?: { value: string; label: LocalizedText }[];
  min?: number;
  max?: number;
}

export const FORM_ORDERABLE = ['updated_at', 'id', 'created_at'] as const;
export const formListSchema = listQuerySchema(FORM_ORDERABLE).extend({
  published: z.preprocess(blankToUndefined, checkbox().optional()),
});

export const ANSWER_ORDERABLE = ['created_at', 'id'] as const;
export const answerListSchema = listQuerySchema(ANSWER_ORDERABLE).extend({ form_id: id() });
export const answerExportSchema = z.object({ locale: contentLocale() });

/** What a visitor sends to a form: the answers by field key, the honeypot and the solved challenge. */
export const answerSendSchema = z.object({
  answers: z.record(z.string().max(10), z.unknown(), { error: REQUIRED }),
  locale: contentLocale(),
  ...publicSendFields,
});

const numberAnswer = (field: FormField) => {
  let n = z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'app.validation.invalidNumber') })
    .finite({ error: 'app.validation.invalidNumber' });
  if (field.min !== undefined) n = n.min(field.min, { error: 'app.public.numberTooSmall' });
  if (field.max !== undefined) n = n.max(field.max, { error: 'app.public.numberTooLarge' });
  return z.preprocess(toNumber, field.required ? n : n.optional());
};

const choiceAnswer = (field: FormField) => {
  const values = (field.options ?? []).map((o) => o.value) as [string, ...string[]];
  const one = z.enum(values, {
    error: (issue) => (issue.input === undefined ? REQUIRED : 'app.validation.invalidChoice'),
  });
  if (field.kind === 'choice') return z.preprocess(blankToUndefined, field.required ? one : one.optional());
  const many = z
    .array(one, { error: REQUIRED })
    .refine((list) => new Set(list).size === list.length, { error: 'app.validation.invalidChoice' });
  return field.required
    ? z.preprocess(blankToUndefined, many.min(1, { error: REQUIRED }))
    : z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? undefined : blankToUndefined(v)), many.optional());
};

/** The rule of one answer, by the field's kind and required flag. */
export const answerRule = (field: FormField): z.ZodType => {
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText(2000) : optionalText(2000);
    case 'email':
      return field.required ? emailAddress() : z.preprocess(blankToUndefined, emailAddress().optional());
    case 'phone':
      return field.required ? phone() : optionalPhone();
    case 'number':
      return numberAnswer(field);
    case 'choice':
    case 'multi_choice':
      return choiceAnswer(field);
    case 'date':
      return field.required ? isoDate() : z.preprocess(blankToUndefined, isoDate().optional());
  }
};

/** The answers to a form, checked against its own definition; keys not in the form are dropped. */
export const answersSchemaFor = (fields: readonly FormField[]) =>
  z.object(Object.fromEntries(fields.map((f) => [f.name, answerRule(f)])));

/** An answer as a person reads it, in a locale: choices by their labels, several joined. */
export const answerText = (field: FormField, value: unknown, locale: string): string => {
  if (value === undefined || value === null || value === '') return '';
  const optionLabel = (v: unknown) => inLocale(field.options?.find((o) => o.value === v)?.label, locale) || String(v);
  if (field.kind === 'choice') return optionLabel(value);
  if (field.kind === 'multi_choice' && Array.isArray(value))
    return value.map(optionLabel).join(locale === 'ar' ? '، ' : ', ');
  return String(value);
};

/* ------------------------------------------------------------------ responses */

/** The server's output allow-list of the forms and kit orders (server/routes/public/). */
const localizedOut = z.object({ ar: z.string(), en: z.string(), de: z.string().optional(), fr: z.string().optional() });

export const formFieldOut = z.object({
  name: z.string(),
  kind: z.string(),
  label: localizedOut,
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: localizedOut })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

/** A published form as the public page gets it. */
export const publicFormOut = z.object({
  id: z.number(),
  title: localizedOut,
  description: localizedOut.partial().nullable(),
  fields: z.array(formFieldOut),
});

/** A form as the console reads it, with how many answers it has. */
export const formOut = publicFormOut.extend({
  published: z.boolean(),
  answers_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** One visitor's answers to a form. */
export const answerOut = z.object({
  id: z.number(),
  form_id: z.number(),
  answers: z.record(z.string(), z.unknown()),
  locale: z.string().nullable(),
  created_at: z.string(),
});

/** What the orderer is answered: the reference number and the order as stored (the confirmation page's summary). */
export const kitOrderSentOut = z.object({
  message: z.string(),
  key: z.string(),
  order: z.object({
    reference: z.string(),
    entity: z.string(),
    kits_no: z.number(),
    contact_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    address: z.string(),
    comment: z.string().nullable(),
  }),
});

/** A kit order as the console reads it. */
export const kitOrderOut = z.object({
  id: z.number(),
  reference: z.string(),
  email: z.string(),
  entity: z.string(),
  kits_no: z.number(),
  contact_name: z.string(),
  phone_number: z.string(),
  address: z.string(),
  comment: z.string().nullable(),
  locale: z.string().nullable(),
  status: z.string(),
  note: z.string().nullable(),
  handled_by: z.number().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
