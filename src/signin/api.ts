import type { z } from 'zod';
import type { learnerOut } from '../../domain/schemas/exams';
import { apiFetch } from '../http';
import type { SessionUser } from '../session';

/** Asks the server to mail a password reset link (POST /users/forgot/password, docs/API.md). */
export const requestPasswordReset = (email: string) =>
  apiFetch<{ message: string }>('/users/forgot/password', { method: 'POST', body: { email } });

/** Sets a new password with the mailed link's token (POST /users/reset/password, docs/API.md). */
export const resetPassword = (value: { token: string; password: string; confirm_password: string }) =>
  apiFetch<{ message: string }>('/users/reset/password', { method: 'POST', body: value });

/** What a test-taker's sign-up answers: their session, their learner record, their report's link (shown once). */
export interface GuestSignUpAnswer {
  user: SessionUser;
  access_token: string;
  student: z.infer<typeof learnerOut>;
  report_link: string;
}

/**
 * Signs a test-taker up (POST /temp/register, docs/api/exams.md): a guest on their own, or a pupil a signed-in teacher
 * registers (the bearer token, which apiFetch sends, says so).
 */
export const registerTestTaker = (values: Record<string, unknown>) =>
  apiFetch<GuestSignUpAnswer>('/temp/register', { method: 'POST', body: values });
