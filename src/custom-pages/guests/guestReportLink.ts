/** A guest's report link, kept on the device that registered them (it is shown once, at registration). */
const KEY = 'neomi.guestReports';

const read = (): Record<string, string> => {
  try {
    return JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
};

export const rememberGuestReport = (studentId: number, link: string) => {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...read(), [studentId]: link }));
  } catch {
    // private mode: the link was shown on screen
  }
};

export const guestReportOf = (studentId: number): string | undefined => read()[String(studentId)];
