import type { Identifier } from 'react-admin';
import { ACTIVITY_ORDERABLE } from '../../domain/schemas/activities';
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

export interface ActivityActions {
  edit: boolean;
  delete: boolean;
  evaluate: boolean;
  rate: boolean;
  resubmit: boolean;
  withdraw: boolean;
}
export interface Activity {
  id: number;
  child_id: number;
  child_name: string;
  parent_id: number | null;
  group_id: number | null;
  group_name: string | null;
  course_id: number | null;
  course_name: string | null;
  lesson_activity_id: number | null;
  previous_id: number | null;
  title: string;
  message: string | null;
  image: string | null;
  thumb: string | null;
  status: number;
  feedback: string | null;
  rate: number | null;
  teacher_rate: number | null;
  grade: number | null;
  badge_id: number;
  originality: number | null;
  fluency: number | null;
  flexibility: number | null;
  activity_score: number | null;
  teacher_id: number | null;
  teacher_name: string | null;
  evaluated_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface ActivityOne {
  activity: Activity;
  actions: ActivityActions;
}

export interface GalleryItem {
  id: number;
  kind: 'activity';
  title: string;
  child_id: number;
  child_name: string;
  group_id: number | null;
  group_name: string | null;
  course_name: string | null;
  status: number;
  badge_id: number;
  image: string;
  thumb: string;
  likes: number;
  liked: boolean;
  created_at: string;
}
export type Query = Record<string, string | number | undefined>;

export interface Notification {
  id: number;
  type: string;
  title: string;
  message: string;
  params: Record<string, string | number>;
  icon: string;
  link: string | null;
  content: string | null;
  student_id: number | null;
  read: boolean;
  created_at: string;
  timeout: number;
  position: string;
}
export interface Mail {
  id: number;
  subject: string;
  content: string;
  sender: { id: number; name: string };
  recipient: { id: number; name: string };
  reply_to_id: number | null;
  read: boolean;
  created_at: string;
}
export interface StudentDetails {
  child: {
    id: number;
    name: string;
    parent_id: number | null;
    parent_name: string | null;
    gender: number | null;
    birthdate: string | null;
    country: string | null;
    city: string | null;
    language: string | null;
    second_language: string | null;
    about_me: string | null;
    image: string | null;
  };
  groups: {
    id: number;
    name: string;
    course_id: number | null;
    course_name: string | null;
    teacher_id: number | null;
    teacher_name: string | null;
    member_status: number;
  }[];
  activities: { total: number; by_status: Record<string, number>; badges: number };
}
export interface DashboardCounts {
  evaluations: number;
  evaluated: number;
  pending: number;
  groups: number;
  courses: number;
  students: number;
}

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
  getGallery: (query: Query) => apiFetch<{ gallery: GalleryItem[]; count: number }>('/evaluation/gallery', { query }),
  getAnswerGallery: (query: Query) => apiFetch<{ gallery: GalleryItem[]; count: number }>('/answer/gallery', { query }),
  likeActivity: (id: Identifier, like?: boolean) =>
    apiFetch<{ activity_id: number; liked: boolean; likes: number }>('/evaluation/likes', {
      method: 'POST',
      body: { activity_id: id, like },
    }),
  sendMessage: (message: { user_id: number; subject: string; content: string; reply_to?: number }) =>
    apiFetch<{ message: string; key: string; mail: Mail }>('/users/send_mail', { method: 'POST', body: message }),
  getMessage: (id: Identifier) => apiFetch<{ mail: Mail }>(`/messages/${id}`),
  findRecipients: (search: string) =>
    apiFetch<{ users: { id: number; name: string; type: number; roles: string[] }[] }>('/messages/recipients', {
      method: 'POST',
      body: { search },
    }),
  getNotifications: (query: { limit?: number; offset?: number; unread?: boolean } = {}) =>
    apiFetch<{ notifications: Notification[]; count: number; unread: number }>('/users/notifications', {
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
    apiFetch<{ groups: { group_id: number; group_name: string; count: number }[]; other: number }>(
      '/dashboard/evaluations/groups/count',
      { method: 'POST', body: { limit } },
    ),
  getActivitiesPerMonth: (months = 12) =>
    apiFetch<{ months: { month: string; count: number; evaluated: number }[] }>('/dashboard/evaluations/month/count', {
      method: 'POST',
      body: { months },
    }),
  getInteractionsPerDay: (days = 30) =>
    apiFetch<{ days: { day: string; count: number }[] }>('/dashboard/logs/count', { method: 'POST', body: { days } }),
};
