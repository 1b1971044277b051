import { z } from 'zod';

/** Response schemas: the output allow-list (docs/ARCHITECTURE.md §3 "The answer"): no other field leaves the server. */
export const messageOut = z.object({ message: z.string(), key: z.string().optional() });
export const errorOut = z.object({
  message: z.string(),
  key: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const userOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  type: z.number(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  job_title: z.string().nullable(),
  about_me: z.string().nullable(),
  mobile_no: z.string().nullable(),
  photo: z.string().nullable(),
  removed: z.number(),
  approved: z.boolean(),
  created_at: z.string(),
  degree: z.number().nullable(),
  major: z.string().nullable(),
  faculty: z.string().nullable(),
  specialization: z.number().nullable(),
  grade: z.number().nullable(),
  employment: z.number().nullable(),
  experience: z.number().nullable(),
  available_hours: z.number().nullable(),
  employment_place: z.number().nullable(),
  region_id: z.number().nullable(),
  school_id: z.number().nullable(),
  roles: z.array(z.string()),
});
export type UserOut = z.infer<typeof userOut>;

export const sessionUserOut = userOut.extend({ permissions: z.array(z.string()) });

export const userCardOut = userOut.pick({
  id: true,
  name: true,
  photo: true,
  gender: true,
  type: true,
  roles: true,
  removed: true,
});

export const childOut = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  about_me: z.string().nullable(),
  mobile_no: z.string().nullable(),
  language: z.string().nullable(),
  second_language: z.string().nullable(),
  image: z.string().nullable(),
});

export const activityOut = z.object({
  id: z.number(),
  child_id: z.number(),
  course_id: z.number().nullable(),
  name: z.string().nullable(),
  title: z.string(),
  message: z.string().nullable(),
  feedback: z.string().nullable(),
  status: z.number(),
  rate: z.number().nullable(),
  teacher_rate: z.number().nullable(),
  grade: z.number().nullable(),
  badge_id: z.number(),
  originality: z.number().nullable(),
  fluency: z.number().nullable(),
  flexibility: z.number().nullable(),
  created_at: z.string(),
});

export const idParams = z.object({
  id: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
});

/** Error responses every signed-in route may give. */
export const authErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut };
