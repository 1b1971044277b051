import { z } from 'zod';

/** Response schemas of teaching: the output allow-list (docs/api/teaching.md). */

export const courseOut = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  age_group: z.number().nullable(),
  languages: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.number(),
  approval: z.number(),
  teacher_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const teacherDetailsOut = z.object({
  id: z.number(),
  name: z.string(),
  photo: z.string().nullable(),
  gender: z.number().nullable(),
});

export const groupOut = z.object({
  id: z.number(),
  name: z.string(),
  disabled: z.boolean(),
  promo_code: z.string().nullable(),
  days: z.array(z.number()),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  course_image: z.string().nullable(),
  teacher_id: z.number().nullable(),
  teacher_details: teacherDetailsOut.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  search_text: z.string().nullable(),
  start_from: z.string().nullable(),
  end_at: z.string().nullable(),
  age_group: z.number().nullable(),
  age_class: z.string().nullable(),
  grade: z.number().nullable(),
  school: z.string().nullable(),
  school_id: z.number().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  zoom_link: z.string().nullable(),
  gender: z.number().nullable(),
  about_me: z.string().nullable(),
  status: z.number(),
  students_count: z.number().nullable(),
});

export const studentOut = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  image: z.string().nullable(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  status: z.number(),
  position: z.number(),
  group_id: z.number(),
  joined_at: z.string(),
});
export const studentsOut = z.object({ students: z.array(studentOut), count: z.number() });

export const lessonImageOut = z.object({ id: z.number(), name: z.string(), url: z.string() });
export const lessonActivityOut = z.object({
  id: z.number(),
  lesson_id: z.number(),
  title: z.string(),
  description: z.string(),
  kind: z.number(),
  position: z.number(),
  has_advanced: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const lessonOut = z.object({
  id: z.number(),
  course_id: z.number(),
  title: z.string(),
  content: z.string(),
  position: z.number(),
  images: z.array(lessonImageOut),
  activities: z.array(lessonActivityOut),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A request of a child to join a course or a group, as the request lists show it. */
export const requestOut = z.object({
  id: z.number(),
  kind: z.enum(['course', 'group']),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  child_id: z.number(),
  child_name: z.string(),
  child_birthdate: z.string().nullable(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  status: z.number(),
  created_at: z.string(),
});
export const requestsOut = z.object({ requests: z.array(requestOut), count: z.number() });

export const statusMessageOut = z.object({ message: z.string(), key: z.string() });

/** An advanced activity's content as stored (domain advancedActivitySchema, without its input transforms). */
export const advancedContentOut = z.object({
  version: z.number(),
  instructions: z.string().optional(),
  steps: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({
        type: z.literal('choice'),
        question: z.string(),
        options: z.array(z.string()),
        multiple: z.boolean(),
      }),
      z.object({ type: z.literal('drawing'), prompt: z.string() }),
      z.object({ type: z.literal('list'), prompt: z.string(), min_answers: z.number() }),
    ]),
  ),
});
