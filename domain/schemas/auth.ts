import { z } from 'zod';
import {
  COUNTRIES,
  COUNTRY_OTHER,
  DEGREES,
  EMPLOYMENT,
  EMPLOYMENT_PLACES,
  EXPERIENCE,
  FAMILY_GENDERS,
  GRADES,
  SPECIALIZATIONS,
  TEACHER_GENDERS,
  AVAILABLE_HOURS,
  USER_TYPE,
} from '../codes';
import { passwordProblem } from '../passwords';
import { tempRegisterSchema } from './exams';
import {
  challengeSolution,
  checkbox,
  codeOf,
  currentPassword,
  email,
  nameText,
  optionalPastDate,
  optionalText,
  password,
  requiredText,
} from './fields';

export const loginSchema = z.object({
  email: email('app.validation.email'),
  password: currentPassword(),
  /** the solved challenge, asked for when the account has had many failed logins from several addresses */
  captcha: challengeSolution(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: email('app.validation.email') });

/** A country: a code from the list, or free text when 'other' was chosen. */
export const countryField = () =>
  requiredText(100).refine((v) => v !== COUNTRY_OTHER, { error: 'app.validation.required' });
export const isListedCountry = (country: string) => COUNTRIES.some((c) => c.id === country);

const accountFields = {
  name: nameText(),
  email: email('app.validation.email'),
  confirm_email: z
    .string({ error: 'app.validation.required' })
    .trim()
    .min(1, { error: 'app.validation.required' })
    .max(255, { error: 'app.validation.tooLong' })
    .toLowerCase(),
  country: countryField(),
  city: optionalText(),
  password: password(),
  confirm_password: currentPassword(),
  birthdate: optionalPastDate(),
  mobile_no: optionalText(30),
  about_me: optionalText(2000),
  job_title: optionalText(),
  /** the solved challenge, when the setting register_captcha asks for it */
  captcha: challengeSolution(),
};

const familyRegister = z.object({
  type: z.literal(USER_TYPE.family),
  gender: codeOf(FAMILY_GENDERS),
  ...accountFields,
});

export const teacherFields = {
  degree: codeOf(DEGREES),
  major: requiredText(),
  faculty: requiredText(),
  specialization: codeOf(SPECIALIZATIONS),
  grade: codeOf(GRADES),
  employment: codeOf(EMPLOYMENT),
  experience: codeOf(EXPERIENCE),
  available_hours: codeOf(AVAILABLE_HOURS),
  employment_place: codeOf(EMPLOYMENT_PLACES),
};

const teacherRegister = z.object({
  type: z.literal(USER_TYPE.teacher),
  gender: codeOf(TEACHER_GENDERS),
  ...accountFields,
  ...teacherFields,
  agreement: checkbox().refine((v) => v === true, { error: 'app.validation.agreementRequired' }),
});

const toType = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

const withType = (v: unknown) =>
  v && typeof v === 'object' ? { ...(v as object), type: toType((v as { type?: unknown }).type) } : v;

/** The checks an account's sign-up adds to its fields: a password that is not the email, and both confirmations. */
const accountChecks = (
  v: { password: string; confirm_password: string; email: string; confirm_email: string },
  ctx: z.RefinementCtx,
) => {
  if (passwordProblem(v.password, v.email) === 'app.validation.passwordIsEmail') {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'app.validation.passwordIsEmail' });
  }
  if (v.password !== v.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'app.validation.passwordsMismatch' });
  }
  if (v.email !== v.confirm_email) {
    ctx.addIssue({ code: 'custom', path: ['confirm_email'], message: 'app.validation.emailsMismatch' });
  }
};

/** Family (type 0) or teacher (type 1) sign-up (docs/PRODUCT.md §5 "Sign-up"). */
export const registerSchema = z
  .preprocess(
    withType,
    z.discriminatedUnion('type', [familyRegister, teacherRegister], { error: 'app.validation.invalidChoice' }),
  )
  .superRefine(accountChecks);
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * A guest's or a teacher's pupil's sign-up (POST /temp/register, domain/schemas/exams.ts), also among the sign-up
 * schemas the console's light forms load on first use (src/custom-pages/login/authSchemas.ts).
 */
export { tempRegisterSchema };

/** A guest's sign-up through POST /register (type 3): the fields of POST /temp/register, none required. */
const guestRegister = tempRegisterSchema.extend({ type: z.literal(USER_TYPE.guest) });

/**
 * What POST /register takes: a family's or a teacher's account (registerSchema), or a guest test-taker (type 3), who
 * is registered exactly as POST /temp/register registers one (docs/API.md "Auth").
 */
export const signUpSchema = z
  .preprocess(
    withType,
    z.discriminatedUnion('type', [familyRegister, teacherRegister, guestRegister], {
      error: 'app.validation.invalidChoice',
    }),
  )
  .superRefine((v, ctx) => {
    if (v.type !== USER_TYPE.guest) accountChecks(v, ctx);
  });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'app.validation.required' })
      .min(1, { error: 'app.validation.required' })
      .max(200, { error: 'app.validation.tooLong' }),
    password: password(),
    confirm_password: currentPassword(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'app.validation.passwordsMismatch',
  });

export const updatePasswordSchema = z
  .object({
    current_password: currentPassword(),
    password: password(),
    confirm_password: currentPassword(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'app.validation.passwordsMismatch',
  });

/* ------------------------------------------------------------------ responses */

/** An ALTCHA challenge as GET /captcha gives it (docs/api/challenge.md). */
export const challengeOut = z.object({
  parameters: z.object({
    algorithm: z.string(),
    cost: z.number().int(),
    expiresAt: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string(),
    nonce: z.string(),
    salt: z.string(),
  }),
  signature: z.string(),
});
