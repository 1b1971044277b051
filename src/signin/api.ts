import { apiFetch } from '../http';

/** Asks the server to mail a password reset link (POST /users/forgot/password, docs/API.md). */
export const requestPasswordReset = (email: string) =>
  apiFetch<{ message: string }>('/users/forgot/password', { method: 'POST', body: { email } });

/** Sets a new password with the mailed link's token (POST /users/reset/password, docs/API.md). */
export const resetPassword = (value: { token: string; password: string; confirm_password: string }) =>
  apiFetch<{ message: string }>('/users/reset/password', { method: 'POST', body: value });
