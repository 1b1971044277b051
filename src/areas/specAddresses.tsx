import { CustomRoutes, Navigate } from 'react-admin';
import { Route, useParams } from 'react-router-dom';

type Params = Readonly<Partial<Record<string, string>>>;

/** An address of the original console and where its job is done today (a path built from the address's ids). */
export interface SpecAddress {
  readonly path: string;
  readonly to: (params: Params) => string;
}

const MARKING_QUEUE = '/pre-neomi';
const seg = (value: string | undefined) => encodeURIComponent(value ?? '');

/**
 * The addresses the product's first console used, each sent to the page that does that job now, keeping its ids
 * (docs/PRODUCT.md §2 "Older addresses"). A marking address that names a learner keeps only the marker's own
 * marking (`which_exam`): the learner's id, exam type and challenge are dropped unread, and the redirect replaces the
 * address in the browser's history (docs/DECISIONS.md "Blind marking").
 */
export const SPEC_ADDRESSES: readonly SpecAddress[] = [
  { path: '/user-profile/:id', to: (p) => `/users/${seg(p.id)}` },
  { path: '/edit-user/:id', to: (p) => `/users/${seg(p.id)}` },
  // without an id, the signed-in user's own account: the profile, where it is edited
  { path: '/edit-user', to: () => '/profile' },
  { path: '/groups/group/students/:id', to: (p) => `/groups/${seg(p.id)}/show` },
  { path: '/groups/group/students/profile/:id', to: (p) => `/student-details/${seg(p.id)}` },
  { path: '/permissions/:id', to: (p) => `/roles/${seg(p.id)}` },
  // blind marking: these name a learner and no marking of the caller's, so they open the caller's tests to mark
  { path: '/neomi-exam-correct/*', to: () => MARKING_QUEUE },
  { path: '/correct-neomi-exam/*', to: () => MARKING_QUEUE },
  { path: '/mark-neomi-test/:stu_id/:which_exam', to: (p) => `/mark-neomi-test/${seg(p.which_exam)}` },
  { path: '/mark-neomi-test/:stu_id/:exam_type/:which_exam', to: (p) => `/mark-neomi-test/${seg(p.which_exam)}` },
  {
    path: '/mark-neomi-test/:stu_id/:exam_type/:challenge_no/:which_exam',
    to: (p) => `/mark-neomi-test/${seg(p.which_exam)}`,
  },
];

/** Replaces the address with today's (the older addresses carry their ids in the path, nothing in a query). */
const Redirect = ({ to }: { to: SpecAddress['to'] }) => {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
};

/** The older addresses, each a client-side redirect (listed in App.tsx beside the areas). */
export const specAddressesArea = (
  <CustomRoutes>
    {SPEC_ADDRESSES.map(({ path, to }) => (
      <Route key={path} path={path} element={<Redirect to={to} />} />
    ))}
  </CustomRoutes>
);
