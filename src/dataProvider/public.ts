import { ANSWER_ORDERABLE, FORM_ORDERABLE, ORDER_ORDERABLE } from '../../domain/schemas/public';
import { type ResourceAdapter, pick } from './types';

/** The public pages' resources (docs/api/public.md): kit orders, forms and their answers; their calls: publicCalls.ts. */

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

export { type ExportQuery, type KitOrderSent, type PublicForm, type PublicSend, publicMethods } from './publicCalls';
