import type { Identifier, RaRecord } from 'react-admin';
import type { z } from 'zod';
import { COURSE_ORDERABLE, GROUP_ORDERABLE, groupSchema, REQUEST_ORDERABLE } from '../../domain/schemas/teaching';
import type {
  advancedActivityOut,
  advancedContentOut,
  courseOut,
  coursePageOut,
  lessonActivityOut,
  lessonOut,
  studentOut,
} from '../../domain/schemas/teaching';
import { apiBlob, apiFetch, saveBlob } from '../http';
import { type Data, type ResourceAdapter, pick, recordOf } from './types';

/** Teaching: courses, lessons, groups, students, requests, certificates (docs/api/teaching.md). */

export const GROUP_FIELDS = Object.keys(groupSchema.shape);
const COURSE_FIELDS = ['name', 'description', 'age_group', 'languages', 'start_date', 'end_date', 'status'] as const;

/** A course form as the multipart body POST /courses/save wants: languages as "ar,en", the picture as `image`. */
export const courseForm = (data: Data): FormData => {
  const form = new FormData();
  for (const field of COURSE_FIELDS) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    form.append(field, Array.isArray(value) ? value.join(',') : String(value));
  }
  const image = data.image_file as { rawFile?: File } | undefined;
  if (image?.rawFile instanceof File) form.append('image', image.rawFile);
  return form;
};

const requests = (path: string) => ({
  list: { method: 'POST' as const, path, key: 'requests', orderable: REQUEST_ORDERABLE },
});

export const teachingAdapters: Record<string, ResourceAdapter> = {
  courses: {
    list: { method: 'POST', path: '/courses', key: 'courses', orderable: COURSE_ORDERABLE },
    one: { method: 'GET', path: (id) => `/courses/show/${id}`, key: 'course' },
    create: { method: 'POST', path: '/courses/save', key: 'course', body: courseForm },
    update: { method: 'POST', path: (id) => `/courses/save/${id}`, key: 'course', body: courseForm },
  },
  courseApprovals: {
    list: { method: 'POST', path: '/auth/courses', key: 'courses', orderable: COURSE_ORDERABLE },
    one: { method: 'GET', path: (id) => `/courses/show/${id}`, key: 'course' },
  },
  groups: {
    list: { method: 'POST', path: '/groups/my_groups', key: 'groups', orderable: GROUP_ORDERABLE },
    one: { method: 'GET', path: (id) => `/groups/show/${id}`, key: 'group' },
    create: { method: 'POST', path: '/groups/add_group', key: 'group', body: pick(GROUP_FIELDS) },
    update: { method: 'PUT', path: (id) => `/groups/edit/${id}`, key: 'group', body: pick(GROUP_FIELDS) },
    delete: { method: 'DELETE', path: (id) => `/groups/delete/${id}` },
  },
  courseRequests: requests('/users/courses/requests'),
  groupRequests: requests('/users/groups/requests'),
  studentRequests: requests('/users/student/requests'),
  // course and group requests together (POST /auth/student): a row's id is its kind and its own id, so none collide
  waitingStudents: {
    list: {
      method: 'POST',
      path: '/auth/student',
      key: 'requests',
      orderable: [],
      toRecord: (row) => ({ ...row, id: `${String(row.kind)}-${String(row.id)}`, request_id: row.id }),
    },
  },
};

export type Lesson = z.infer<typeof lessonOut>;
export type LessonActivity = z.infer<typeof lessonActivityOut>;
export type Course = z.infer<typeof courseOut>;
export type CoursePageData = z.infer<typeof coursePageOut>;
export type StudentRow = z.infer<typeof studentOut>;
export interface StudentQuery {
  limit: number;
  offset: number;
  order_by?: string;
  order_direction?: 'asc' | 'desc';
  status?: number;
  search_text?: string;
}
type StoredAdvanced = z.infer<typeof advancedContentOut>;
/** An advanced activity's content as stored; the editor's draft has no version until it is saved. */
export type AdvancedContent = Omit<StoredAdvanced, 'version'> & Partial<Pick<StoredAdvanced, 'version'>>;
export type AdvancedStep = StoredAdvanced['steps'][number];

const post = <T = Data>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body });
const messageOf = (answer: { key?: string; message?: string }) => answer.key ?? answer.message ?? 'app.notify.saved';

/** The named teaching actions that are not CRUD. */
export const teachingMethods = {
  getCoursePage: (id: Identifier) => apiFetch<CoursePageData>(`/courses/show/${id}`),
  approveCourse: async (id: Identifier, approve: boolean) => ({
    data: recordOf(await post(`/auth/courses/${id}`, { approval: approve ? 1 : 2 }), 'course'),
  }),
  /** ask (true) for a child to join a course, or withdraw the request (false) */
  askCourse: (courseId: Identifier, childId: Identifier, ask = true) =>
    post<{ key: string }>(`/courses/add/${courseId}/${ask ? 1 : 0}`, { user_id: Number(childId) }),
  answerCourseRequest: (courseId: Identifier, childId: Identifier, accept: boolean) =>
    post('/users/change/course/status', {
      course_id: Number(courseId),
      user_id: Number(childId),
      status: accept ? 1 : 2,
    }),

  saveLesson: (lesson: { id?: Identifier; course_id: Identifier; title: string; content: string }) =>
    post<{ lessons: Lesson[] }>(
      lesson.id ? `/lessons/save/${lesson.id}` : '/lessons/save',
      lesson.id ? { title: lesson.title, content: lesson.content } : lesson,
    ),
  deleteLesson: (id: Identifier) => apiFetch(`/lessons/delete/${id}`, { method: 'DELETE' }),
  sortLessons: (courseId: Identifier, ids: Identifier[]) =>
    post<{ lessons: Lesson[] }>(`/lessons/sort/${courseId}`, { ids: ids.map(Number) }),
  uploadContentImage: (lessonId: Identifier, file: File) => {
    const form = new FormData();
    form.append('lesson_id', String(lessonId));
    form.append('image', file);
    return post('/contentImg', form);
  },
  deleteContentImage: (id: Identifier) => apiFetch(`/contentImg/${id}`, { method: 'DELETE' }),
  saveLessonActivity: (activity: {
    id?: Identifier;
    lesson_id: Identifier;
    title: string;
    description: string;
    kind: number;
  }) =>
    post(
      activity.id ? `/lessons/activities/save/${activity.id}` : '/lessons/activities/save',
      activity.id ? { title: activity.title, description: activity.description, kind: activity.kind } : activity,
    ),
  deleteLessonActivity: (id: Identifier) => apiFetch(`/lessons/activities/delete/${id}`, { method: 'DELETE' }),
  getAdvanced: (id: Identifier) =>
    apiFetch<z.infer<typeof advancedActivityOut>>('/advanced/get/json', {
      query: { id: String(id) },
    }),
  saveAdvanced: (id: Identifier, content: AdvancedContent) => post(`/advanced/save/${id}`, content),

  courseGroups: (courseId: Identifier) => apiFetch<{ groups: RaRecord[] }>(`/groups/course_groups/${courseId}`),
  studentGroups: (childId: Identifier) =>
    post<{ groups: RaRecord[] }>('/groups/student_groups', { user_id: Number(childId) }),
  /** a family joins a child with the promo code, asks without one (join true), or withdraws (join false) */
  joinGroup: async (groupId: Identifier, childId: Identifier, promoCode: string | undefined, join = true) =>
    messageOf(
      await post(`/groups/add/${groupId}/${join ? 1 : 0}`, {
        user_id: Number(childId),
        ...(promoCode ? { promo_code: promoCode } : {}),
      }),
    ),
  toggleGroupExam: (id: Identifier) =>
    post<{ group_id: number; group_disabled: boolean; key: string }>(`/groups/${id}/toggle`, {}),
  setGroupStatus: async (id: Identifier, status: number) => ({
    data: recordOf(await post(`/groups/status/${id}`, { status }), 'group'),
  }),
  groupStudents: async (id: Identifier, query: StudentQuery) => {
    const answer = await post<{ students: StudentRow[]; count: number }>(
      `/groups/group/students/filtered/${id}`,
      query,
    );
    return { data: answer.students, total: answer.count };
  },
  /** the students in the stored order; with `ids`, stores that order first */
  sortedStudents: async (id: Identifier, ids?: Identifier[]) =>
    (await post<{ students: StudentRow[] }>(`/groups/group/sorted/students/${id}`, ids ? { ids: ids.map(Number) } : {}))
      .students,
  removeStudent: (groupId: Identifier, childId: Identifier) =>
    post(`/groups/remove/user/${groupId}`, { user_id: Number(childId) }),
  moveStudent: (childId: Identifier, fromGroupId: Identifier, toGroupId: Identifier) =>
    post('/users/change/student_group', {
      user_id: Number(childId),
      from_group_id: Number(fromGroupId),
      to_group_id: Number(toGroupId),
    }),
  answerGroupRequest: (groupId: Identifier, childId: Identifier, accept: boolean) =>
    post(`/users/change/group/status/${groupId}`, { user_id: Number(childId), status: accept ? 1 : 2 }),
  setStudentStatus: (groupId: Identifier, childId: Identifier, status: number) =>
    post('/users/change/student/status', { group_id: Number(groupId), user_id: Number(childId), status }),

  downloadCertificate: async (childId: Identifier, groupId: Identifier, studentName: string, lang: string) =>
    saveBlob(
      await apiBlob(`/users/export/certificate/${childId}/${groupId}`, { query: { lang } }),
      `${studentName}-certificate.pdf`,
    ),
  checkCertificate: (code: string) =>
    apiFetch<{ certificate: { code: string; course: string | null; date: string; first_name: string } }>(
      `/certificates/${encodeURIComponent(code)}`,
    ),
};
