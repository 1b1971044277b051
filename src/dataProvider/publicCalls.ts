import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import type { kitOrderSentOut, publicFormOut } from '../../domain/schemas/public';
import { apiBlob, apiFetch } from '../http';

/*
 * The public pages' named calls (docs/api/public.md): kit orders, forms and their answers. A module without the
 * domain's schemas (nothing but types from them), so the kit order page, which fetches its calls from here
 * (PublicApp.tsx), does not bring zod with them (docs/PERFORMANCE.md "Phone"); dataProvider/public.ts re-exports them.
 */

/** A kit order or a form's answers as a visitor sends them (the honeypot and, when asked for, the solved challenge). */
export type PublicSend = Record<string, unknown>;

/** The answer to a kit order: its reference number and the order as stored (the confirmation page). */
export type KitOrderSent = z.infer<typeof kitOrderSentOut>;

/** A published form as the public page gets it. */
export type PublicForm = z.infer<typeof publicFormOut>;

/** What an export asks for: the list's filters and the language of the headers. */
export type ExportQuery = Record<string, string | number | undefined>;

export const publicMethods = {
  sendKitOrder: (order: PublicSend) => apiFetch<KitOrderSent>('/contact/us', { method: 'POST', body: order }),
  getPublishedForms: () => apiFetch<{ forms: PublicForm[] }>('/forms/published'),
  sendFormAnswers: (formId: Identifier, send: PublicSend) =>
    apiFetch<{ message: string; key: string }>(`/forms/${formId}/answers`, { method: 'POST', body: send }),
  setOrderStatus: (id: Identifier, change: { status: string; note?: string }) =>
    apiFetch<{ order: Record<string, unknown> }>(`/contact/orders/${id}/status`, { method: 'PUT', body: change }),
  countNewOrders: () => apiFetch<{ count: number }>('/contact/orders/new_count'),
  exportOrders: (query: ExportQuery) => apiBlob('/contact/orders/export', { query }),
  exportFormAnswers: (formId: Identifier, locale: string) =>
    apiBlob(`/forms/${formId}/answers/export`, { query: { locale } }),
};
