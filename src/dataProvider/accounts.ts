import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { childSchema, LOG_ORDERABLE, USER_ORDERABLE, userEditSchema } from '../../domain/schemas/users';
import type { userAccessOut } from '../../domain/schemas/users';
import { apiBlob, apiFetch, saveBlob } from '../http';
import { requestPasswordReset, resetPassword } from '../signin/api';
import { type ListCall, type RecordCall, type ResourceAdapter, pick, recordOf } from './types';

/** Accounts: users, teachers, children, roles, permissions, logs (docs/API.md "Users", "Roles"). */

/** The fields PUT /users/save{id} and the child calls accept: the domain schemas' own fields. */
export const USER_EDIT_FIELDS = Object.keys(userEditSchema.shape);
export const CHILD_FIELDS = Object.keys(childSchema.shape);

const showUser: RecordCall = { method: 'GET', path: (id) => `/users/show/${id}`, key: 'user' };
const userList = (path: string): ListCall => ({ method: 'POST', path, key: 'users', orderable: USER_ORDERABLE });

export const accountAdapters: Record<string, ResourceAdapter> = {
  users: {
    list: userList('/users'),
    one: showUser,
    update: { method: 'PUT', path: (id) => `/users/save${id}`, key: 'user', body: pick(USER_EDIT_FIELDS) },
    delete: { method: 'DELETE', path: (id) => `/users/delete/${id}` },
  },
  teachers: { list: userList('/teachers'), one: showUser },
  activeTeachers: { list: userList('/teachers/active'), one: showUser },
  teacherRequests: {
    list: userList('/auth/teachers'),
    one: showUser,
    delete: { method: 'DELETE', path: () => '/users/delete/teacher', body: (_data, id) => ({ id: Number(id) }) },
  },
  children: {
    one: { method: 'GET', path: (id) => `/children/${id}`, key: 'child' },
    create: { method: 'POST', path: '/users/add/child', key: 'child', body: pick(CHILD_FIELDS) },
    update: { method: 'PUT', path: (id) => `/users/edit/child/${id}`, key: 'child', body: pick(CHILD_FIELDS) },
    delete: { method: 'DELETE', path: (id) => `/users/delete/child/${id}` },
    references: { parent_id: { method: 'GET', path: (id) => `/users/show/${id}`, key: 'childern' } },
  },
  roles: {
    list: { method: 'GET', path: '/roles', key: 'roles', clientSide: true },
    one: { method: 'GET', path: (id) => `/roles/${id}`, key: 'role' },
    create: { method: 'PUT', path: '/roles', key: 'role', body: pick(['name', 'permissions']) },
    update: { method: 'PUT', path: (id) => `/roles/${id}`, key: 'role', body: pick(['name', 'permissions']) },
    delete: { method: 'DELETE', path: (id) => `/roles/${id}` },
  },
  permissions: { list: { method: 'GET', path: '/permissions', key: 'permissions', clientSide: true } },
  logs: {
    list: { method: 'POST', path: '/logs', key: 'logs', orderable: LOG_ORDERABLE },
    one: { method: 'GET', path: (id) => `/logs/${id}`, key: 'log' },
  },
};

/** GET /user/roles/{id} and PUT /user/roles/{id}. */
export type UserRoles = z.infer<typeof userAccessOut>;

export interface PasswordChange {
  current_password: string;
  password: string;
  confirm_password: string;
}

const userOf = async (path: string, body?: unknown) => ({
  data: recordOf(await apiFetch(path, { method: 'POST', body }), 'user'),
});

const photoForm = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return form;
};

/** The named account actions that are not CRUD. */
export const accountMethods = {
  /** The signed-in user with roles and permissions (GET /me). */
  getMe: async () => ({ data: recordOf(await apiFetch('/me'), 'user') }),
  /** Everything held about one of the family's own children, as one zip (GET /children/{id}/archive, docs/API.md "Users"). */
  downloadChildArchive: async (childId: Identifier, childName: string, lang: string) =>
    saveBlob(await apiBlob(`/children/${childId}/archive`, { query: { lang } }), `${childName}-${childId}-neomi.zip`),
  activateUser: (id: Identifier) => userOf(`/users/activate/${id}`),
  deactivateUser: (id: Identifier) => userOf(`/users/deactivate/${id}`),
  setTeacherActive: (id: Identifier, active: boolean) => userOf(`/teachers/active/${id}`, { active }),
  /** approve (true) or refuse (false) a teacher waiting for approval */
  approveTeacher: (id: Identifier, approve = true) => userOf(`/users/add/${id}/${approve ? 1 : 0}`),
  updatePassword: (id: Identifier, change: PasswordChange) =>
    apiFetch<{ message: string }>(`/users/update/password/${id}`, { method: 'POST', body: change }),
  updatePhoto: (id: Identifier, file: File) => userOf(`/users/update_photo/${id}`, photoForm(file)),
  getUserProfile: async (id: Identifier) => ({ data: recordOf(await apiFetch(`/users/show/profile/${id}`), 'user') }),
  getUserRoles: (id: Identifier) => apiFetch<UserRoles>(`/user/roles/${id}`),
  setUserRoles: (id: Identifier, value: { roles: number[]; permissions: string[] }) =>
    apiFetch<UserRoles>(`/user/roles/${id}`, { method: 'PUT', body: value }),
  forgotPassword: requestPasswordReset,
  resetPassword,
  /** Every setting with its row id and value (POST /setting/index, needs access_settings). */
  getSettings: () =>
    apiFetch<{ settings: StoredSetting[] }>('/setting/index', { method: 'POST', body: {} }).then((a) => a.settings),
  /** A setting's new value (POST /setting/change/{id}); the server checks it against the setting's range. */
  changeSetting: (id: number, value: unknown) =>
    apiFetch<{ setting: StoredSetting }>(`/setting/change/${id}`, { method: 'POST', body: { value } }),
};

/** A row of the settings table (docs/API.md "Roles, logs, settings"). */
export interface StoredSetting {
  id: number;
  key: string;
  value: unknown;
}
