import { errorOut } from '../schemas';

/** The error answers of the Neomi test calls; their response schemas are in domain/schemas/exams.ts. */
export const examErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut, 409: errorOut };
export const uploadErrors = { ...examErrors, 413: errorOut, 415: errorOut };
