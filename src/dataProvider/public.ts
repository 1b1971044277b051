import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { ANSWER_ORDERABLE, FORM_ORDERABLE, ORDER_ORDERABLE } from '../../domain/schemas/public';
import type { kitOrderSentOut, publicFormOut } from '../../domain/schemas/public';
import { apiBlob, apiFetch } from '../http';
import { type ResourceAdapter, pick } from './types';

/** The public pages' calls (docs/api/public.md): kit orders, forms and their answers. */

export const FORM_FIELDS = ['title', 'description', 'published', 'fields'] as const;

export const publicAdapters: Record<string, ResourceAdapter> = {
  orders: {
    list: { method: 'POST', path: '/contact/orders', key: 'orders', orderable: ORDER_ORDERABLE },
    one: { method: 'GET', path: (id) => `/contact/orders/${id}`, key: 'order' },
  },
  forms: {
    list: { method: 'POST', path: '/forms', key: 'forms', orderable: FORM_ORDERABLE },
    one: { method: 'GET', path: (id) => `/forms/${id}`, key: 'form' },
    create: { method: 'POST', path: '/forms/add_form', key: 'form', body: pick(FORM_FIELDS) },
    update: { method: 'PUT', path: (id) => `/forms/update/${id}`, key: 'form', body: pick(FORM_FIELDS) },
  },
  formAnswers: {
    list: { method: 'POST', path: '/forms/answers', key: 'answers', orderable: ANSWER_ORDERABLE },
  },
};

/** A kit order or a form's answers as a visitor sends them (with the honeypot and, when asked for, the solved challenge). */
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
