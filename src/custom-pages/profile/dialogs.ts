import { lazyPart } from '../../lazyPart';

/**
 * The profile's forms in dialogs, each a chunk fetched when first opened (react-admin's forms and inputs, the photo
 * input, the schemas): the page shows without them (docs/PERFORMANCE.md "Phone"). Rendered inside <Suspense>.
 */
export const EditProfileDialog = lazyPart(() =>
  import('./EditProfileDialog').then((m) => ({ default: m.EditProfileDialog })),
);
export const ChangePasswordDialog = lazyPart(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
export const ChildDialog = lazyPart(() => import('./ChildDialog').then((m) => ({ default: m.ChildDialog })));
export const ActivityFormDialog = lazyPart(() =>
  import('../../resources/activities/ActivityFormDialog').then((m) => ({ default: m.ActivityFormDialog })),
);
