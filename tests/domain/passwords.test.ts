import { beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordsLoaded, isCommonPassword, loadCommonPasswords, passwordProblem } from '../../domain/passwords';
import { registerSchema, resetPasswordSchema } from '../../domain/schemas/auth';

describe('the password rule (domain/passwords.ts)', () => {
  beforeAll(async () => {
    expect(commonPasswordsLoaded()).toBe(false);
    await loadCommonPasswords();
    expect(commonPasswordsLoaded()).toBe(true);
  });

  it('wants 8 characters that are not all spaces', () => {
    expect(passwordProblem('short')).toBe('app.validation.passwordTooShort');
    expect(passwordProblem('        ')).toBe('app.validation.passwordBlank');
    expect(passwordProblem('a-fine-passphrase')).toBeUndefined();
    expect(passwordProblem('كلمة سر طويلة')).toBeUndefined();
  });

  it("refuses the account's email and the common passwords, whatever their case", () => {
    expect(passwordProblem('Rana@Example.org', 'rana@example.org')).toBe('app.validation.passwordIsEmail');
    for (const common of ['12345678', 'password1', 'PassWord1', 'qwertyuiop', 'iloveyou']) {
      expect(passwordProblem(common), common).toBe('app.validation.passwordTooCommon');
    }
    expect(isCommonPassword('brand-new-pass')).toBe(false);
  });

  it('is the one the sign-up and reset schemas apply', () => {
    const email = 'sami@example.org';
    const signup = registerSchema.safeParse({
      type: 0,
      gender: 1,
      name: 'Sami',
      email,
      confirm_email: email,
      country: 'EG',
      password: email,
      confirm_password: email,
    });
    expect(signup.error?.issues.map((i) => i.message)).toContain('app.validation.passwordIsEmail');
    const reset = resetPasswordSchema.safeParse({ token: 't', password: 'iloveyou', confirm_password: 'iloveyou' });
    expect(reset.error?.issues[0].message).toBe('app.validation.passwordTooCommon');
  });
});
