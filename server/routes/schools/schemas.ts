import { z } from 'zod';
import type { Permission } from '../../../domain/permissions';
import type { Actor } from '../../auth/actor';
import { forbidden } from '../../errors';
import { errorOut } from '../schemas';

/** Response schemas of the schools area (the output allow-list) and its small shared helpers. */

const ref = z.object({ id: z.number(), name: z.string() });
export const personRef = ref.extend({ email: z.string() });

export const schoolOut = z.object({
  id: z.number(),
  name: z.string(),
  region_id: z.number(),
  region_name: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  students_count: z.number(),
  teachers_count: z.number(),
  groups_count: z.number(),
  classes_count: z.number(),
  seats_approved: z.number(),
  seats_used: z.number(),
  seats_free: z.number(),
  seats_pending: z.number(),
  admins: z.array(personRef),
});

export const regionOut = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  schools_count: z.number(),
  students_count: z.number(),
  seats_approved: z.number(),
  admins: z.array(personRef),
});

export const classOut = z.object({
  id: z.number(),
  school_id: z.number(),
  name: z.string(),
  number: z.number(),
  students_count: z.number(),
  created_at: z.string(),
});

export const studentOut = z.object({
  id: z.number(),
  name: z.string(),
  national_id: z.string().nullable(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  mobile_no: z.string().nullable(),
  school_id: z.number().nullable(),
  class_id: z.number().nullable(),
  class_name: z.string().nullable(),
  class_number: z.number().nullable(),
  parent_id: z.number().nullable(),
  groups: z.array(ref),
  created_at: z.string(),
});

export const teacherOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  gender: z.number().nullable(),
  mobile_no: z.string().nullable(),
  removed: z.number(),
  school_id: z.number().nullable(),
  groups: z.array(ref),
  created_at: z.string(),
});

export const groupOut = z.object({
  id: z.number(),
  name: z.string(),
  school_id: z.number().nullable(),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  teacher_id: z.number().nullable(),
  teacher_name: z.string().nullable(),
  status: z.number(),
  students_count: z.number(),
  created_at: z.string(),
});

export const seatRequestOut = z.object({
  id: z.number(),
  school_id: z.number(),
  school_name: z.string(),
  region_id: z.number(),
  region_name: z.string(),
  seats: z.number(),
  note: z.string().nullable(),
  status: z.number(),
  region_status: z.number(),
  stage: z.enum(['region', 'admin', 'done']),
  requested_by: z.number().nullable(),
  requested_by_name: z.string().nullable(),
  region_decided_by_name: z.string().nullable(),
  region_decided_at: z.string().nullable(),
  region_note: z.string().nullable(),
  admin_decided_by_name: z.string().nullable(),
  admin_decided_at: z.string().nullable(),
  admin_note: z.string().nullable(),
  created_at: z.string(),
});

export const seatsOut = z.object({ approved: z.number(), used: z.number(), free: z.number() });

export const accountOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  region_id: z.number().nullable(),
  school_id: z.number().nullable(),
});

/** Errors a schools call may answer with, beyond the signed-in ones. */
export const conflictErrors = { 409: errorOut };

/** 403 unless the actor holds one of the permissions. */
export function requireAny(actor: Actor, permissions: readonly Permission[]): void {
  if (!permissions.some((p) => actor.permissions.has(p))) throw forbidden();
}
