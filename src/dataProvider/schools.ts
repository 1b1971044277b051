import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import type { ImportMode, TemplateKind } from '../../domain/schools';
import type { cellErrorOut, importReportOut, reportCountsOut, reportOut } from '../../domain/schemas/schools';
import {
  CLASS_ORDERABLE,
  GROUP_ORDERABLE,
  REGION_ORDERABLE,
  SCHOOL_ORDERABLE,
  SEAT_ORDERABLE,
  STUDENT_ORDERABLE,
  TEACHER_ORDERABLE,
  classSchema,
  schoolUpdateSchema,
  seatRequestSchema,
  studentSchema,
  teacherSchema,
} from '../../domain/schemas/schools';
import { apiBlob, apiFetch, apiUpload } from '../http';
import { type Data, type ResourceAdapter, pick } from './types';

/** Schools, regions and seats (docs/api/schools.md). */

const fieldsOf = (schema: { shape: object }) => Object.keys(schema.shape);
const CLASS_FIELDS = fieldsOf(classSchema);
const STUDENT_FIELDS = fieldsOf(studentSchema);

export const schoolAdapters: Record<string, ResourceAdapter> = {
  regions: { list: { method: 'POST', path: '/region/admins', key: 'regions', orderable: REGION_ORDERABLE } },
  schools: {
    list: { method: 'POST', path: '/schools', key: 'schools', orderable: SCHOOL_ORDERABLE },
    update: {
      method: 'POST',
      path: (id) => `/region/school/update/${id}`,
      key: 'school',
      body: pick(fieldsOf(schoolUpdateSchema)),
    },
    delete: { method: 'DELETE', path: (id) => `/region/school/delete/${id}` },
  },
  schoolClasses: {
    list: { method: 'POST', path: '/schools/get/classes', key: 'classes', orderable: CLASS_ORDERABLE },
    one: { method: 'GET', path: (id) => `/schools/class/${id}`, key: 'class' },
    create: { method: 'POST', path: '/schools/add/class', key: 'class', body: pick(CLASS_FIELDS) },
    update: {
      method: 'POST',
      path: (id) => `/schools/update/class/${id}`,
      key: 'class',
      body: pick(['name', 'number']),
    },
    delete: { method: 'DELETE', path: (id) => `/schools/delete/class/${id}` },
  },
  schoolStudents: {
    list: { method: 'POST', path: '/schools/get/student', key: 'students', orderable: STUDENT_ORDERABLE },
    one: { method: 'GET', path: (id) => `/schools/student/${id}`, key: 'student' },
    create: { method: 'POST', path: '/schools/add/student', key: 'student', body: pick(STUDENT_FIELDS) },
    update: {
      method: 'POST',
      path: (id) => `/schools/update/student/${id}`,
      key: 'student',
      body: pick(STUDENT_FIELDS.filter((f) => f !== 'school_id')),
    },
    delete: { method: 'POST', path: (id) => `/schools/delete/student/${id}` },
  },
  schoolTeachers: {
    list: { method: 'POST', path: '/schools/get/teachers', key: 'teachers', orderable: TEACHER_ORDERABLE },
    create: { method: 'POST', path: '/schools/add/teacher', key: 'teacher', body: pick(fieldsOf(teacherSchema)) },
    delete: { method: 'POST', path: (id) => `/schools/delete/teacher/${id}` },
  },
  schoolGroups: {
    list: { method: 'POST', path: '/schools/get/groups', key: 'groups', orderable: GROUP_ORDERABLE },
    one: { method: 'POST', path: (id) => `/schools/get/group/${id}`, key: 'group' },
  },
  seatRequests: {
    list: { method: 'POST', path: '/schools/get/history/requests', key: 'requests', orderable: SEAT_ORDERABLE },
    create: { method: 'POST', path: '/schools/add/request', key: 'request', body: pick(fieldsOf(seatRequestSchema)) },
  },
  /** requests waiting for the caller's decision */
  pendingSeatRequests: {
    list: { method: 'POST', path: '/schools/get/requests', key: 'requests', orderable: SEAT_ORDERABLE },
  },
};

export type ReportCounts = z.infer<typeof reportCountsOut>;
export type Report = z.infer<typeof reportOut>;

/** Which report: a school (own, or by id through its region), a region (own, or named), the platform. */
export type ReportTarget =
  | { level: 'school'; schoolId?: Identifier }
  | { level: 'regionSchool'; schoolId: Identifier }
  | { level: 'region'; regionId?: Identifier }
  | { level: 'platform' };

const reportCall = (target: ReportTarget): [string, Data] => {
  switch (target.level) {
    case 'school':
      return ['/schools/admin/report', target.schoolId ? { school_id: target.schoolId } : {}];
    case 'regionSchool':
      return [`/region/admin/schools/report/${target.schoolId}`, {}];
    case 'region':
      return ['/region/admin/report', target.regionId ? { region_id: target.regionId } : {}];
    case 'platform':
      return ['/admin/report', {}];
  }
};

export type CellError = z.infer<typeof cellErrorOut>;
export type ImportReport = z.infer<typeof importReportOut>;

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The named actions of the schools area. */
export const schoolMethods = {
  registerRegionAdmin: (value: Account & { region_id?: Identifier; region_name?: string }) =>
    apiFetch<{ user: Data; region: Data }>('/region/registeration/admin', { method: 'POST', body: value }),
  registerSchoolAdmin: (
    value: Account & {
      school_id?: Identifier;
      school_name?: string;
      city?: string;
      address?: string;
      region_id?: Identifier;
    },
  ) => apiFetch<{ user: Data; school: Data }>('/school/registeration/admin', { method: 'POST', body: value }),
  getRegionSchools: (regionId: Identifier, query: Data = {}) =>
    apiFetch<{ region: { id: number; name: string }; schools: Data[]; count: number }>(
      `/region/admins/schools/${regionId}`,
      { method: 'POST', body: query },
    ),
  getReport: (target: ReportTarget, page: { limit?: number; offset?: number } = {}) => {
    const [path, body] = reportCall(target);
    return apiFetch<Report>(path, { method: 'POST', body: { ...body, ...page } });
  },
  /** region step ('region') or platform step ('admin'): 1 approve, 2 decline */
  decideSeatRequest: (step: 'region' | 'admin', id: Identifier, status: 1 | 2, note?: string) =>
    apiFetch<{ request: Data }>(`/schools/approve/${step}/request`, {
      method: 'POST',
      body: { id, status, ...(note ? { note } : {}) },
    }),
  getSchoolGroup: (id: Identifier) =>
    apiFetch<{ group: Data; students: Data[] }>(`/schools/get/group/${id}`, { method: 'POST' }),
  getStudentsNotInGroup: (query: Data) =>
    apiFetch<{ students: Data[]; count: number }>('/schools/get/not/in/group', { method: 'POST', body: query }),
  getTeacherLookup: (schoolId?: Identifier) =>
    apiFetch<{ teachers: { id: number; name: string }[] }>('/schools/get/teachers/lookup', {
      method: 'POST',
      body: schoolId ? { school_id: schoolId } : {},
    }),
  addStudentsToGroup: (groupId: Identifier, studentIds: Identifier[]) =>
    apiFetch<{ group: Data; added: number }>('/schools/add/students/group', {
      method: 'POST',
      body: { group_id: groupId, student_ids: studentIds },
    }),
  removeStudentsFromGroup: (groupId: Identifier, studentIds: Identifier[]) =>
    apiFetch<{ group: Data; removed: number }>('/schools/remove/students/group', {
      method: 'POST',
      body: { group_id: groupId, student_ids: studentIds },
    }),
  assignTeacherToGroup: (groupId: Identifier, teacherId: Identifier) =>
    apiFetch<{ group: Data }>('/schools/assign/teacher/group', {
      method: 'POST',
      body: { group_id: groupId, teacher_id: teacherId },
    }),
  downloadSchoolTemplate: (kind: TemplateKind, lang: string) =>
    apiBlob(`/schools/template/${kind}`, { query: { lang } }),
  /** Uploads a filled template; `onProgress` gets 0–100 while the file goes up. A refused "all" rejects with the report as the error body. */
  importSchoolFile: (
    kind: TemplateKind,
    file: File,
    mode: ImportMode,
    schoolId: Identifier | undefined,
    onProgress?: (percent: number) => void,
  ) => {
    const form = new FormData();
    form.append('mode', mode);
    if (schoolId) form.append('school_id', String(schoolId));
    form.append('file', file);
    return apiUpload<ImportReport>(`/schools/import/${kind}`, form, onProgress);
  },
};
