import type { Identifier } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { StudentDetails } from '../dataProvider/activities';
import { recordOf } from '../dataProvider/types';
import { takeEarlyAnswer } from './earlyCalls';

/**
 * The console's data provider, whose first reads of the user and of a child's details are the calls main.tsx
 * started as the page loaded (earlyCalls.ts), so the page's own queries (useMe, the child page's) make no call of
 * their own the first time; an early call that failed is made again by the provider, with its errors.
 */
export const withEarlyAnswers = (calls: AppDataProvider): AppDataProvider => {
  const answered = <T>(path: string, call: () => Promise<T>, answer: (body: unknown) => T): Promise<T> =>
    takeEarlyAnswer(path)?.then(answer, call) ?? call();
  const early: Pick<AppDataProvider, 'getMe' | 'getStudentDetails'> = {
    getMe: () => answered('/me', calls.getMe, (body) => ({ data: recordOf(body, 'user') })),
    getStudentDetails: (id: Identifier) =>
      answered(
        `/student/details/${encodeURIComponent(String(id))}`,
        () => calls.getStudentDetails(id),
        (body) => body as StudentDetails,
      ),
  };
  // a proxy, not a copy: `calls` may be a stand-in with no methods of its own to copy (appShell.tsx)
  return new Proxy(calls, {
    get: (target, method, receiver) =>
      Object.hasOwn(early, method) ? early[method as keyof typeof early] : Reflect.get(target, method, receiver),
  });
};
