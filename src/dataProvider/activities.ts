import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { ACTIVITY_ORDERABLE } from '../../domain/schemas/activities';
import type {
  activityActionsOut,
  activityDetailOut,
  activityOneOut,
  countsOut,
  dayCountsOut,
  galleryItemOut,
  galleryOut,
  groupCountsOut,
  likeOut,
  mailOut,
  monthCountsOut,
  notificationListOut,
  notificationOut,
  recipientsOut,
  studentDetailsOut,
} from '../../domain/schemas/activities';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * Activities, evaluation, gallery, messages, notifications, feedback and the
 * overview (docs/api/activities.md).
 */

export const activityAdapters: Record<string, ResourceAdapter> = {
  activities: {
    list: { method: 'POST', path: '/evaluation/activity', key: 'activities', orderable: ACTIVITY_ORDERABLE },
    one: { method: 'GET', path: (id) => `/evaluation/show/${id}`, key: 'activity' },
    delete: { method: 'DELETE', path: (id) => `/evaluation/delete/${id}` },
  },
  feedback: {
    list: { method: 'POST', path: '/feedback', key: 'feedback', orderable: ['created_at', 'id', 'rating'] },
    delete: { method: 'DELETE', path: (id) => `/feedback/delete/${id}` },
  },
  messages: {
    list: { method: 'POST', path: '/messages', key: 'messages', orderable: ['created_at', 'id'] },
    one: { method: 'GET', path: (id) => `/messages/${id}`, key: 'mail' },
  },
};

export type ActivityActions = z.infer<typeof activityActionsOut>;
export type Activity = z.infer<typeof activityDetailOut>;
export type ActivityOne = z.infer<typeof activityOneOut>;
export type GalleryItem = z.infer<typeof galleryItemOut>;
export type Query = Record<string, string | number | undefined>;
export type Notification = z.infer<typeof notificationOut>;
export type Mail = z.infer<typeof mailOut>;
export type StudentDetails = z.infer<typeof studentDetailsOut>;
export type DashboardCounts = z.infer<typeof countsOut>;

/** A multipart form of text fields and an optional image. */
export const activityForm = (fields: Record<string, unknown>, image?: File | null): FormData => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v));
  if (image) form.append('image', image);
  return form;
};

export const activityMethods = {
  submitActivity: (form: FormData) => apiFetch<ActivityOne>('/evaluation/add', { method: 'POST', body: form }),
  editActivity: (id: Identifier, form: FormData) =>
    apiFetch<ActivityOne>(`/evaluation/edit/${id}`, { method: 'POST', body: form }),
  getActivity: (id: Identifier) => apiFetch<ActivityOne>(`/evaluation/show/${id}`),
  saveEvaluation: (id: Identifier, evaluation: Record<string, unknown>) =>
    apiFetch<ActivityOne>(`/evaluation/save/${id}`, { method: 'POST', body: evaluation }),
  rateActivity: (id: Identifier, rate: number) =>
    apiFetch<ActivityOne>(`/evaluation/save/${id}`, { method: 'POST', body: { rate } }),
  withdrawEvaluation: (id: Identifier) =>
    apiFetch<{ message: string }>(`/evaluation/delete/${id}`, { method: 'DELETE', query: { type: 'evaluation' } }),
  getGallery: (query: Query) => apiFetch<z.infer<typeof galleryOut>>('/evaluation/gallery', { query }),
  getAnswerGallery: (query: Query) => apiFetch<z.infer<typeof galleryOut>>('/answer/gallery', { query }),
  likeActivity: (id: Identifier, like?: boolean) =>
    apiFetch<z.infer<typeof likeOut>>('/evaluation/likes', {
      method: 'POST',
      body: { activity_id: id, like },
    }),
  sendMessage: (message: { user_id: number; subject: string; content: string; reply_to?: number }) =>
    apiFetch<{ message: string; key: string; mail: Mail }>('/users/send_mail', { method: 'POST', body: message }),
  getMessage: (id: Identifier) => apiFetch<{ mail: Mail }>(`/messages/${id}`),
  findRecipients: (search: string) =>
    apiFetch<z.infer<typeof recipientsOut>>('/messages/recipients', {
      method: 'POST',
      body: { search },
    }),
  getNotifications: (query: { limit?: number; offset?: number; unread?: boolean } = {}) =>
    apiFetch<z.infer<typeof notificationListOut>>('/users/notifications', {
      method: 'POST',
      body: query,
    }),
  readNotifications: (ids?: number[]) =>
    apiFetch<{ unread: number }>('/users/notifications/read', { method: 'POST', body: ids ? { ids } : {} }),
  sendReport: (studentId: Identifier, content: string) =>
    apiFetch<{ message: string; key: string }>('/users/notifications/report', {
      method: 'POST',
      body: { student_id: studentId, content },
    }),
  sendFeedback: (feedback: { message: string; rating?: number }) =>
    apiFetch<{ message: string; key: string }>('/feedback/add', { method: 'POST', body: feedback }),
  readFeedback: (id: Identifier) => apiFetch<unknown>(`/feedback/read/${id}`, { method: 'POST', body: {} }),
  getStudentDetails: (id: Identifier) => apiFetch<StudentDetails>(`/student/details/${id}`),
  getDashboardCounts: () => apiFetch<DashboardCounts>('/dashboard/counts', { method: 'POST', body: {} }),
  getActivitiesPerGroup: (limit = 8) =>
    apiFetch<z.infer<typeof groupCountsOut>>('/dashboard/evaluations/groups/count', {
      method: 'POST',
      body: { limit },
    }),
  getActivitiesPerMonth: (months = 12) =>
    apiFetch<z.infer<typeof monthCountsOut>>('/dashboard/evaluations/month/count', {
      method: 'POST',
      body: { months },
    }),
  getInteractionsPerDay: (days = 30) =>
    apiFetch<z.infer<typeof dayCountsOut>>('/dashboard/logs/count', { method: 'POST', body: { days } }),
};
