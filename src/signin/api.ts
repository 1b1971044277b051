import { apiFetch } from '../http';

/** Asks the server to mail a password reset link (POST /users/forgot/password, docs/API.md). */
export const requestPasswordReset = (email: string) =>
  apiFetch<{ message: string }>('/users/forgot/password', { method: 'POST', body: { email } });
