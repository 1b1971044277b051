/** Messages of uploads, imports and exports (server/services/images.ts, xlsx.ts). */
export const FILE_MESSAGES = {
  'app.import.notAWorkbook': 'The file must be an Excel workbook (.xlsx)',
  'app.import.missingColumn': 'The file lacks this column: use the template',
  'app.import.tooManyRows': 'The file has too many rows',
  'app.import.workbookTooLarge':
    'The workbook is too large once unpacked (at most 50 MB in 200 parts): remove pictures or split it into several files',
  'app.import.fileRequired': 'Please choose a file',
  'app.import.hasErrors': 'Some rows are not valid: nothing was saved',
  'app.import.numberCell': 'Typed as a number: a leading 0 or + was lost. Type it as text, e.g. 01008337887',
  'app.import.dateCellAmbiguous':
    'A date cell whose day and month may have been swapped: check it, or type the date as text DD/MM/YYYY',
  'app.errors.requestTooLarge': 'The request is too large',
} as const;
