import { errorOut } from '../schemas';

/** The error answers of the report, score, export and print calls; their success schemas are in domain/schemas/reports.ts. */
export const reportErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut, 409: errorOut };
