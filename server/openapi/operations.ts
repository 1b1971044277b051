/**
 * What the OpenAPI document says of each call, in one table: its operationId
 * (the name a generated client gives the call), its tag (the area it belongs
 * to) and a one-line description, plus, for calls that answer a file, the
 * media types of that file. server/openapi/document.ts applies it to every
 * route; tests/server/openapi.test.ts fails when a route has no entry or an
 * entry no route (docs/API.md "OpenAPI").
 *
 * Keys are the method and the route's URL as Fastify registers it (with
 * `:param`), so moving a route between files changes nothing here. The
 * behaviour of each call is documented in docs/API.md and docs/api/*.md.
 */

/** The areas of the API, in the order the document lists them. */
export const TAGS = {
  auth: 'Signing in and out, registration, the signed-in user, passwords and the proof-of-work challenge.',
  users: 'User accounts: lists, profiles, edits, photos, activation and deletion.',
  children: "A family's children (learners): add, read, edit, delete, and the family's archive of a child.",
  teachers: 'Teacher accounts: lists, activation and the approval of teacher sign-ups.',
  roles: "Roles and permissions, and each user's roles and direct permissions.",
  logs: 'The audit log (read-only).',
  settings: 'Platform settings (originality thresholds, marking margin, challenge on sign-up and its cost...).',
  files: "Users' and children's photos, lesson pictures and course images, served by scope.",
  courses: 'Courses: the catalogue, creation, editing, approval and the course page.',
  requests: 'Requests of children to join courses and groups, their answers and membership statuses.',
  lessons: 'Lessons of a course, their pictures and activities, and advanced activities.',
  groups: 'Groups: creation, editing, the group exam switch, joining, members and their order.',
  documents: 'Certificates (PDF) and their public verification, and the users export (xlsx).',
  exams: 'The Neomi creativity test: the question bank, taking a test, answers, timers, guests and test files.',
  public: 'Public pages and their administration: kit orders, the kit sample PDF, admin-defined forms and answers.',
  activities: "Activities handed in by learners, their evaluation and images, and a learner's details.",
  gallery: 'The gallery of accepted works, the gallery of answers, and likes.',
  messages: 'Messages between users.',
  notifications: "The signed-in user's notifications, and report notifications to families.",
  feedback: 'Feedback about the platform.',
  dashboard: "Overview counts and charts, within the caller's scope.",
  categories: 'The category dictionary that word answers are scored against, and its xlsx import.',
  regions: 'Regions and their admins.',
  schools: 'Schools and their admins, classes, students, teachers and groups.',
  seats: 'Seat requests of schools, decided by the region admin and then the platform admin.',
  operations: 'For load balancers and orchestrators: whether a process is alive and ready to serve.',
  reports:
    "Reports: schools, regions and the platform; learners' and cohorts' test results, score review, exports and prints.",
  imports: 'Bulk enrolment of students and teachers from xlsx templates.',
  scores: 'Word scores: question sets, rescoring jobs, explanations, the review queue and suggestions.',
  jobs: 'Background jobs: the failed and long-running ones for the platform admin, and exports as jobs with their file.',
  marking:
    'Blind marking of the test drawings, their allocation to markers, agreement between markings and marker reliability.',
} as const;

export type Tag = keyof typeof TAGS;

export interface OperationDoc {
  /** unique, camelCase, named after what the call does */
  operationId: string;
  tag: Tag;
  /** one line: what the call does (access and scope are added from the route) */
  description: string;
  /** the media types of a file answered with 200 (binary), beside any JSON the route declares */
  files?: readonly string[];
  /** errors the route answers (JSON) that its schema does not declare: a file route's 404 */
  errors?: readonly number[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';
const IMAGE = 'image/*';

/** The key of a route in OPERATIONS: `METHOD /api/path/:param`. */
export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export const OPERATIONS: Record<string, OperationDoc> = {
  // auth (docs/API.md "Auth")
  'POST /api/login': {
    operationId: 'signIn',
    tag: 'auth',
    description:
      "Signs in and answers the user with a bearer token (a family's also in the page-session cookie); a challenge after many failures.",
  },
  'POST /api/logout': {
    operationId: 'signOut',
    tag: 'auth',
    description: 'Revokes the token of this session and clears the page-session cookie.',
  },
  'GET /api/health': {
    operationId: 'checkHealth',
    tag: 'operations',
    description: 'Whether this API process is alive; answered even when it is overloaded.',
  },
  'GET /api/ready': {
    operationId: 'checkReadiness',
    tag: 'operations',
    description: 'Whether this API process can serve: its database and file storage answer (503 when one does not).',
  },
  'GET /api/me': {
    operationId: 'showMe',
    tag: 'auth',
    description: 'The signed-in user with their current roles and effective permissions.',
  },
  'GET /api/captcha': {
    operationId: 'createCaptcha',
    tag: 'auth',
    description:
      'A new proof-of-work challenge (ALTCHA: signed, ten minutes, one use) for the forms that ask for one; stores nothing.',
  },
  'POST /api/register': {
    operationId: 'register',
    tag: 'auth',
    description:
      'Registers a family or teacher account and signs it in (cookie as at login), or (type 3) a guest as /temp/register does.',
  },
  'POST /api/users/forgot/password': {
    operationId: 'requestPasswordReset',
    tag: 'auth',
    description: 'Mails a password-reset link to an active account; answers the same whether the address is known.',
  },
  'POST /api/users/reset/password': {
    operationId: 'resetPassword',
    tag: 'auth',
    description: "Sets a new password with a reset link's token and signs out every session of the account.",
  },
  'POST /api/users/update/password/:id': {
    operationId: 'changePassword',
    tag: 'auth',
    description:
      "Changes the caller's own password given the current one; the account's other sessions are signed out.",
  },

  // users (docs/API.md "Users")
  'POST /api/users': {
    operationId: 'listUsers',
    tag: 'users',
    description: "A page of the users in the caller's scope, filtered by status and type, searched and sorted.",
  },
  'GET /api/users/show/:id': {
    operationId: 'showUser',
    tag: 'users',
    description: "A user in the caller's scope, with their children and their children's activities.",
  },
  'GET /api/users/show/profile/:id': {
    operationId: 'showUserProfile',
    tag: 'users',
    description: "A user's card: name, photo, gender, type, roles and whether the account is active.",
  },
  'PUT /api/users/save:id': {
    operationId: 'updateUser',
    tag: 'users',
    description:
      "Edits an account from JSON (one's own, or one in scope with access_users); a new email needs the current password.",
  },
  'POST /api/users/save/:id': {
    operationId: 'updateUserWithPhoto',
    tag: 'users',
    description: 'Edits an account from a multipart form, with an optional new photo.',
  },
  'POST /api/users/update_photo/:id': {
    operationId: 'updateUserPhoto',
    tag: 'users',
    description: "Replaces an account's photo (PNG, JPEG, GIF or WebP up to 20 MB, checked and re-encoded).",
  },
  'POST /api/users/activate/:id': {
    operationId: 'activateUser',
    tag: 'users',
    description: 'Activates a deactivated account.',
  },
  'POST /api/users/deactivate/:id': {
    operationId: 'deactivateUser',
    tag: 'users',
    description: "Deactivates an account and revokes all of the account's tokens.",
  },
  'DELETE /api/users/delete/:id': {
    operationId: 'deleteUser',
    tag: 'users',
    description: "Deletes an account in the caller's scope; not one's own, nor the last platform admin.",
  },
  'POST /api/user/search': {
    operationId: 'searchUsers',
    tag: 'users',
    description: 'Up to 20 users in scope whose name or email contains the text (needs access_users or access_neomi).',
  },

  // children (docs/API.md "Users")
  'POST /api/users/add/child': {
    operationId: 'addChild',
    tag: 'children',
    description: "Adds a child to the caller's family, from JSON or a multipart form with an optional picture.",
  },
  'GET /api/children/:id': { operationId: 'showChild', tag: 'children', description: "A child in the caller's scope." },
  'GET /api/children/:id/archive': {
    operationId: 'downloadChildArchive',
    tag: 'children',
    description:
      "Everything held about one of the caller's own children as one zip: data as JSON, a summary and every file.",
    files: ['application/zip'],
  },
  'PUT /api/users/edit/child/:id': {
    operationId: 'updateChild',
    tag: 'children',
    description: "Edits a child's details; only the child's family or a platform admin.",
  },
  'DELETE /api/users/delete/child/:id': {
    operationId: 'deleteChild',
    tag: 'children',
    description: "Deletes a child; only the child's family or a platform admin.",
  },

  // teachers (docs/API.md "Teachers")
  'POST /api/teachers': {
    operationId: 'listTeachers',
    tag: 'teachers',
    description: 'A page of the approved teachers in scope.',
  },
  'POST /api/teachers/active': {
    operationId: 'listActiveTeachers',
    tag: 'teachers',
    description: 'A page of the active approved teachers in scope.',
  },
  'POST /api/auth/teachers': {
    operationId: 'listPendingTeachers',
    tag: 'teachers',
    description: 'A page of the teacher sign-ups waiting for approval.',
  },
  'POST /api/teachers/active/:id': {
    operationId: 'setTeacherActive',
    tag: 'teachers',
    description: 'Activates or deactivates a teacher account.',
  },
  'POST /api/users/add/:id/:status': {
    operationId: 'decideTeacherSignUp',
    tag: 'teachers',
    description: "Approves (status 1, giving the teacher role) or refuses (status 0) a teacher's sign-up.",
  },
  'DELETE /api/users/delete/teacher': {
    operationId: 'deletePendingTeacher',
    tag: 'teachers',
    description: 'Deletes a teacher sign-up that is still waiting for approval.',
  },

  // roles (docs/API.md "Roles, logs, settings")
  'GET /api/permissions': {
    operationId: 'listPermissions',
    tag: 'roles',
    description: 'Every permission with its group.',
  },
  'GET /api/roles': {
    operationId: 'listRoles',
    tag: 'roles',
    description: 'Every role with its permissions and the number of users holding it.',
  },
  'GET /api/roles/:id': { operationId: 'showRole', tag: 'roles', description: 'A role with its permissions.' },
  'PUT /api/roles': {
    operationId: 'createRole',
    tag: 'roles',
    description: 'Creates a role with its permissions (platform admins only).',
  },
  'PUT /api/roles/:id': {
    operationId: 'updateRole',
    tag: 'roles',
    description: 'Renames a role and sets its permissions (platform admins only).',
  },
  'DELETE /api/roles/:id': {
    operationId: 'deleteRole',
    tag: 'roles',
    description: 'Deletes a role that no user holds (platform admins only).',
  },
  'GET /api/user/roles/:id': {
    operationId: 'showUserRoles',
    tag: 'roles',
    description: "A user's roles, direct permissions and effective permissions.",
  },
  'PUT /api/user/roles/:id': {
    operationId: 'updateUserRoles',
    tag: 'roles',
    description: "Sets a user's roles and direct permissions.",
  },

  // logs and settings (docs/API.md "Roles, logs, settings")
  'POST /api/logs': {
    operationId: 'listLogs',
    tag: 'logs',
    description: 'A page of the audit log, optionally of one kind of entity.',
  },
  'GET /api/logs/:id': { operationId: 'showLog', tag: 'logs', description: 'One entry of the audit log.' },
  'POST /api/setting/index': {
    operationId: 'listSettings',
    tag: 'settings',
    description: 'Every setting with its value.',
  },
  'POST /api/setting/change/:id': {
    operationId: 'updateSetting',
    tag: 'settings',
    description:
      "Changes a setting's value within its range (domain/schemas/settings.ts); 400 and nothing changed otherwise.",
  },

  // files (docs/API.md "Files", docs/api/teaching.md)
  'GET /api/files/photos/:name': {
    operationId: 'showPhoto',
    tag: 'files',
    description: "A user's or child's photo, to callers who may see that user or child.",
    files: [IMAGE],
    errors: [404],
  },
  'GET /api/files/content/:name': {
    operationId: 'showLessonImage',
    tag: 'files',
    description: "A lesson's content picture (or its thumbnail), when the lesson's course is in scope.",
    files: [IMAGE],
    errors: [404],
  },
  'GET /api/files/courses/:name': {
    operationId: 'showCourseImage',
    tag: 'files',
    description: "A course's image (or its thumbnail), when the course is in scope.",
    files: [IMAGE],
    errors: [404],
  },

  // courses and course requests (docs/api/teaching.md "Courses", "Course requests")
  'POST /api/courses': {
    operationId: 'listCourses',
    tag: 'courses',
    description: "A page of the courses in the caller's scope, filtered by status, age group and language.",
  },
  'POST /api/courses/save': {
    operationId: 'createCourse',
    tag: 'courses',
    description: "Creates a course from a multipart form with its image; a teacher's course waits for approval.",
  },
  'POST /api/courses/save/:id': {
    operationId: 'updateCourse',
    tag: 'courses',
    description: 'Edits a course the caller manages; the image is kept when none is sent.',
  },
  'GET /api/courses/show/:id': {
    operationId: 'showCourse',
    tag: 'courses',
    description:
      'The course page: the course, its lessons in order with pictures and activities, and whether the caller may edit it.',
  },
  'POST /api/auth/courses': {
    operationId: 'listCoursesByApproval',
    tag: 'courses',
    description: 'A page of the courses by approval state (waiting by default), for approval.',
  },
  'POST /api/auth/courses/:id': {
    operationId: 'decideCourse',
    tag: 'courses',
    description: 'Approves (1) or refuses (2) a course.',
  },
  'POST /api/courses/add/:id/:status': {
    operationId: 'requestCourse',
    tag: 'requests',
    description: "Asks (status 1) for a child to join a course, or withdraws (status 0) the child's waiting request.",
  },
  'POST /api/users/courses/requests': {
    operationId: 'listCourseRequests',
    tag: 'requests',
    description: "A page of the requests to join courses in scope (a family: its own children's).",
  },
  'POST /api/users/change/course/status': {
    operationId: 'answerCourseRequest',
    tag: 'requests',
    description: "Accepts (1) or refuses (2) a child's waiting request to join a course.",
  },
  'POST /api/auth/student': {
    operationId: 'listWaitingRequests',
    tag: 'requests',
    description: 'The waiting course and group requests in scope together, newest first.',
  },

  // lessons (docs/api/teaching.md "Lessons and lesson activities")
  'POST /api/lessons/save': {
    operationId: 'createLesson',
    tag: 'lessons',
    description: "Adds a lesson at the end of a course; answers the course's lessons in order.",
  },
  'POST /api/lessons/save/:id': {
    operationId: 'updateLesson',
    tag: 'lessons',
    description: "Edits a lesson's title and content; answers the course's lessons in order.",
  },
  'DELETE /api/lessons/delete/:id': {
    operationId: 'deleteLesson',
    tag: 'lessons',
    description: 'Deletes a lesson with its activities.',
  },
  'POST /api/lessons/sort/:id': {
    operationId: 'sortLessons',
    tag: 'lessons',
    description: "Stores the order of a course's lessons; the ids must list every lesson exactly once.",
  },
  'POST /api/contentImg': {
    operationId: 'addLessonImage',
    tag: 'lessons',
    description: "Adds a picture to a lesson's content (multipart; checked by its bytes and re-encoded).",
  },
  'DELETE /api/contentImg/:id': {
    operationId: 'deleteLessonImage',
    tag: 'lessons',
    description: "Removes a picture from a lesson's content.",
  },
  'POST /api/lessons/activities/save': {
    operationId: 'createLessonActivity',
    tag: 'lessons',
    description: 'Adds an activity (drawing, writing, making, game or advanced) to a lesson.',
  },
  'POST /api/lessons/activities/save/:id': {
    operationId: 'updateLessonActivity',
    tag: 'lessons',
    description: "Edits a lesson activity's title, description and kind.",
  },
  'DELETE /api/lessons/activities/delete/:id': {
    operationId: 'deleteLessonActivity',
    tag: 'lessons',
    description: 'Deletes a lesson activity.',
  },
  'POST /api/lessons/activities/sort/:id': {
    operationId: 'sortLessonActivities',
    tag: 'lessons',
    description: "Stores the order of a lesson's activities; the ids must list every activity exactly once.",
  },
  'POST /api/advanced/save/:id': {
    operationId: 'saveAdvancedActivity',
    tag: 'lessons',
    description: 'Stores the structured content (instructions and steps) of an advanced lesson activity.',
  },
  'GET /api/advanced/get/json': {
    operationId: 'showAdvancedActivity',
    tag: 'lessons',
    description: "An advanced lesson activity's structured content, the id in the query string.",
  },
  'POST /api/advanced/get/json': {
    operationId: 'showAdvancedActivityByBody',
    tag: 'lessons',
    description: "An advanced lesson activity's structured content, the id in the body.",
  },

  // groups (docs/api/teaching.md "Groups", "Membership")
  'POST /api/groups/my_groups': {
    operationId: 'listGroups',
    tag: 'groups',
    description: "A page of the groups in the caller's scope, filtered by status, course and teacher.",
  },
  'POST /api/groups/add_group': {
    operationId: 'createGroup',
    tag: 'groups',
    description: "Creates a group of an approved course (a teacher's own; admins choose the teacher).",
  },
  'PUT /api/groups/edit/:id': {
    operationId: 'updateGroup',
    tag: 'groups',
    description: "Replaces a group's details; absent optional fields are cleared, the promo code kept.",
  },
  'DELETE /api/groups/delete/:id': {
    operationId: 'deleteGroup',
    tag: 'groups',
    description: 'Deletes a group with its memberships.',
  },
  'GET /api/groups/show/:id': {
    operationId: 'showGroup',
    tag: 'groups',
    description: "A group in scope with its teacher's details.",
  },
  'GET /api/groups/course_groups/:id': {
    operationId: 'listCourseGroups',
    tag: 'groups',
    description: 'The groups of a course: those the caller manages, and the active groups open to join.',
  },
  'POST /api/groups/student_groups': {
    operationId: 'listChildGroups',
    tag: 'groups',
    description: "A child's groups, each with the child's membership status.",
  },
  'POST /api/groups/:id/toggle': {
    operationId: 'toggleGroupExam',
    tag: 'groups',
    description: "Switches a group's tests off or on (toggles, or sets group_disabled).",
  },
  'POST /api/groups/status/:id': {
    operationId: 'setGroupStatus',
    tag: 'groups',
    description: "Sets a group's status: hidden (3), active (1) or inactive (0).",
  },
  'POST /api/groups/add/:id/:status': {
    operationId: 'joinGroup',
    tag: 'groups',
    description:
      'A child joins a group with its promo code or asks to join without one (status 1), or withdraws a waiting request (0).',
  },
  'POST /api/groups/group/students/:id': {
    operationId: 'listGroupStudents',
    tag: 'groups',
    description: "A page of a group's members (not the waiting requests).",
  },
  'POST /api/groups/group/students/filtered/:id': {
    operationId: 'searchGroupStudents',
    tag: 'groups',
    description: "A page of a group's members, filtered by membership status and searched by name.",
  },
  'POST /api/groups/group/sorted/students/:id': {
    operationId: 'sortGroupStudents',
    tag: 'groups',
    description: 'Every member of a group in the stored order; given ids, stores that order first.',
  },
  'POST /api/groups/remove/user/:id': {
    operationId: 'removeGroupStudent',
    tag: 'groups',
    description: 'Removes a member from a group.',
  },
  'POST /api/users/change/student_group': {
    operationId: 'moveStudentToGroup',
    tag: 'groups',
    description: 'Moves a member from one managed group to another, keeping their status.',
  },
  'POST /api/users/groups/requests': {
    operationId: 'listGroupRequests',
    tag: 'requests',
    description: "A page of the waiting requests to join groups in scope (a family: its own children's).",
  },
  'POST /api/users/change/group/status/:id': {
    operationId: 'answerGroupRequest',
    tag: 'requests',
    description: "Accepts (1) or refuses (2) a child's waiting request to join a group.",
  },
  'POST /api/users/student/requests': {
    operationId: 'listMemberships',
    tag: 'requests',
    description: 'A page of the group memberships in scope that are no longer waiting (active, not active, hidden).',
  },
  'POST /api/users/change/student/status': {
    operationId: 'setMembershipStatus',
    tag: 'requests',
    description: "Sets a member's status in a group: active, not active, hidden or blocked.",
  },

  // documents (docs/api/teaching.md "Certificates and exports")
  'GET /api/users/export/certificate/:userId/:groupId': {
    operationId: 'exportCertificate',
    tag: 'documents',
    description: "A child's certificate for a group they are an active member of, as a PDF in the asked language.",
    files: [PDF],
  },
  'GET /api/certificates/:code': {
    operationId: 'verifyCertificate',
    tag: 'documents',
    description: 'Checks a certificate by its code: the course, the date and the first name, nothing else.',
  },
  'GET /api/users/export': {
    operationId: 'exportUsers',
    tag: 'documents',
    description: 'The users in scope as an xlsx workbook (streamed), headers in the asked language.',
    files: [XLSX],
  },

  // exams: question bank (docs/api/exams.md "Question bank")
  'GET /api/questions': {
    operationId: 'listTestQuestions',
    tag: 'exams',
    description: 'The questions of one test and challenge, indexed by stage.',
  },
  'GET /api/allquestions': {
    operationId: 'listAllQuestions',
    tag: 'exams',
    description: 'The whole question bank (optionally of one test or challenge), indexed by stage.',
  },
  'GET /api/exam/questions/:id': { operationId: 'showQuestion', tag: 'exams', description: 'A question of the bank.' },
  'POST /api/exam/questions': {
    operationId: 'createQuestion',
    tag: 'exams',
    description: 'Adds a question to the bank (logged).',
  },
  'PUT /api/exam/questions/:id': {
    operationId: 'updateQuestion',
    tag: 'exams',
    description: 'Edits a question; an answered question cannot move to another test, challenge, stage or kind.',
  },
  'DELETE /api/exam/questions/:id': {
    operationId: 'deleteQuestion',
    tag: 'exams',
    description: 'Deletes a question that has no answers yet (logged).',
  },
  'POST /api/exam/questions/:id/files': {
    operationId: 'uploadQuestionFile',
    tag: 'exams',
    description: 'Gives a question its figure (img) or 3D model (model, glTF/GLB), replacing the previous one.',
  },
  'DELETE /api/exam/questions/:id/files/:kind': {
    operationId: 'deleteQuestionFile',
    tag: 'exams',
    description: "Removes a question's figure (image) or 3D model (model).",
  },

  // exams: taking a test (docs/api/exams.md "Taking a test")
  'POST /api/exam/start': {
    operationId: 'startExam',
    tag: 'exams',
    description: "Starts a learner's test and its server-side timer, once (a second call answers the same start).",
  },
  'POST /api/answers/get/exam/details': {
    operationId: 'showExamProgress',
    tag: 'exams',
    description: "A learner's test with its submitted stages, so that the stepper resumes where it stopped.",
  },
  'POST /api/answers/add': {
    operationId: 'submitExamStage',
    tag: 'exams',
    description: 'Submits a stage of a test (stage 1 by default): answers and drawing, stored once per submission key.',
  },
  'POST /api/answers/add/second': {
    operationId: 'submitLaterExamStage',
    tag: 'exams',
    description: 'Submits stage 2 (by default) or stage 3 of a test, with the rules of submitExamStage.',
  },
  'POST /api/answers/addteacher': {
    operationId: 'submitPaperExamStage',
    tag: 'exams',
    description: "A teacher enters a stage of a learner's paper test (not timed, stages in any order, each once).",
  },
  'GET /api/check/exam/:id': {
    operationId: 'checkLearnerExams',
    tag: 'exams',
    description: 'Where a learner stands in each of the six tests (pre and post, three challenges each).',
  },

  // exams: answers and tools (docs/api/exams.md "Answers and tools")
  'POST /api/getAnswers': {
    operationId: 'listExamStages',
    tag: 'exams',
    description: "A learner's tests with their submitted stages, answers and images.",
  },
  'POST /api/answers/get/user/answers': {
    operationId: 'listLearnerAnswers',
    tag: 'exams',
    description: "A learner's answers, flat and in test order, each with its question's text and kind.",
  },
  'PUT /api/answers/update/answer': {
    operationId: 'correctAnswer',
    tag: 'exams',
    description: "Corrects the text of a learner's answer (logged); its question is queued for scoring.",
  },
  'GET /api/answers/get/neomi/exam/groups/user': {
    operationId: 'listGroupsWithExams',
    tag: 'exams',
    description: "The caller's groups, each with its learners in scope and where they stand in each test.",
  },
  'GET /api/answers/get/mobile/exam/groups/user': {
    operationId: 'listOwnLearnersWithExams',
    tag: 'exams',
    description: 'The learners the caller answers for directly (own children, the pupils they teach) with their tests.',
  },
  'POST /api/exam/takers': {
    operationId: 'listExamTakers',
    tag: 'exams',
    description: "A page of the learners in the caller's scope with their tests, optionally of one group or test.",
  },
  'GET /api/exam/stats': {
    operationId: 'showExamStats',
    tag: 'exams',
    description: 'How far the learners in scope are in each test and challenge, counted in SQL.',
  },
  'POST /api/answers/reset/timer': {
    operationId: 'resetExamTimer',
    tag: 'exams',
    description: "Restarts a started test's timer from now with the current duration (logged).",
  },
  'POST /api/answers/redo/test': {
    operationId: 'redoExam',
    tag: 'exams',
    description:
      "Deletes a learner's answers, stages, files and timer of one challenge or a whole test, so they start afresh.",
  },
  'POST /api/test/set/time': {
    operationId: 'setExamDuration',
    tag: 'exams',
    description: 'Sets the duration of tests started from now on (60 to 14,400 seconds).',
  },
  'GET /api/test/time': {
    operationId: 'showExamDuration',
    tag: 'exams',
    description: 'The duration given to tests started now, in seconds.',
  },

  // exams: guests and files (docs/api/exams.md "Guests and on-the-spot registration", "Files")
  'POST /api/temp/register': {
    operationId: 'registerGuest',
    tag: 'exams',
    description:
      'Registers a guest test-taker and signs them in with their private report link; a teacher may place them in a group.',
  },
  'GET /api/guest/report/:token': {
    operationId: 'showGuestExams',
    tag: 'exams',
    description: "A guest's learner and tests, by the token of the guest's report link.",
  },
  'POST /api/exam/guests': {
    operationId: 'listGuests',
    tag: 'exams',
    description: "A page of the guest learners in the caller's scope, with their tests.",
  },
  'GET /api/exam/files/:id': {
    operationId: 'showExamFile',
    tag: 'exams',
    description: "A question's figure or 3D model, or a learner's drawing, photo or model (learner in scope).",
    files: [IMAGE, 'model/gltf-binary', 'model/gltf+json'],
    errors: [404],
  },

  // public pages (docs/api/public.md)
  'GET /api/neomi-kit/sample.pdf': {
    operationId: 'downloadKitSample',
    tag: 'public',
    description: 'The sample of the Neomi kit as a PDF (three pages in Arabic and English).',
    files: [PDF],
  },
  'POST /api/contact/us': {
    operationId: 'orderKit',
    tag: 'public',
    description: 'Orders Neomi kits from the public page; the platform admins are mailed (limited per address).',
  },
  'POST /api/contact/orders': {
    operationId: 'listKitOrders',
    tag: 'public',
    description: 'A page of the kit orders, filtered by status and searched, newest first by default.',
  },
  'GET /api/contact/orders/new_count': {
    operationId: 'countNewKitOrders',
    tag: 'public',
    description: 'How many kit orders have the status new (the sidebar badge).',
  },
  'GET /api/contact/orders/export': {
    operationId: 'exportKitOrders',
    tag: 'public',
    description: 'The kit orders the filters match as an xlsx workbook (streamed), headers in the asked language.',
    files: [XLSX],
  },
  'GET /api/contact/orders/:id': { operationId: 'showKitOrder', tag: 'public', description: 'A kit order.' },
  'PUT /api/contact/orders/:id/status': {
    operationId: 'setKitOrderStatus',
    tag: 'public',
    description: "Changes a kit order's status (new, handled, cancelled) with an optional note (logged).",
  },
  'GET /api/forms/published': {
    operationId: 'listPublishedForms',
    tag: 'public',
    description: 'The published forms in their public shape, oldest first.',
  },
  'POST /api/forms/:id/answers': {
    operationId: 'answerForm',
    tag: 'public',
    description: "Sends answers to a published form, checked against the form's own questions (limited per address).",
  },
  'POST /api/forms': {
    operationId: 'listForms',
    tag: 'public',
    description: 'A page of the admin-defined forms, searched by title.',
  },
  'POST /api/forms/add_form': {
    operationId: 'createForm',
    tag: 'public',
    description: 'Creates a form with its questions (platform level only; logged).',
  },
  'GET /api/forms/:id': { operationId: 'showForm', tag: 'public', description: 'A form with its questions.' },
  'PUT /api/forms/update/:id': {
    operationId: 'updateForm',
    tag: 'public',
    description: 'Replaces a form: title, description, published state and questions (logged).',
  },
  'POST /api/forms/answers': {
    operationId: 'listFormAnswers',
    tag: 'public',
    description: "A page of a form's answers, searched in the answers' text.",
  },
  'GET /api/forms/:id/answers/export': {
    operationId: 'exportFormAnswers',
    tag: 'public',
    description: "A form's answers as an xlsx workbook, one column per question, labels in the asked language.",
    files: [XLSX],
    errors: [404],
  },

  // activities (docs/api/activities.md "Activities", "Evaluation", "Images", "Student details")
  'POST /api/evaluation/add': {
    operationId: 'submitActivity',
    tag: 'activities',
    description: "A family hands in a child's activity to a group, with an optional image; the teacher is told.",
  },
  'GET /api/evaluation/show/:id': {
    operationId: 'showActivity',
    tag: 'activities',
    description: 'An activity in scope and what the caller may do with it now.',
  },
  'POST /api/evaluation/edit/:id': {
    operationId: 'updateActivity',
    tag: 'activities',
    description: 'The family edits a pending activity (title, message, image).',
  },
  'POST /api/evaluation/activity': {
    operationId: 'listActivities',
    tag: 'activities',
    description:
      "A page of the activities in scope (the activity table and the teachers' queue), filtered and searched.",
  },
  'DELETE /api/evaluation/delete/:id': {
    operationId: 'deleteActivity',
    tag: 'activities',
    description: 'Deletes an activity (type=activity) or withdraws its evaluation (type=evaluation).',
  },
  'GET /api/evaluation/image/:id': {
    operationId: 'showActivityImage',
    tag: 'activities',
    description: "An activity's image or its thumbnail, to callers who see the activity or its gallery.",
    files: [IMAGE],
    errors: [404],
  },
  'POST /api/evaluation/save/:id': {
    operationId: 'evaluateActivity',
    tag: 'activities',
    description:
      'A teacher evaluates an activity (status, feedback, scores, badge), or the family rates the evaluation.',
  },
  'GET /api/evaluations/get/json': {
    operationId: 'showEvaluation',
    tag: 'activities',
    description: "An activity's evaluation as one JSON document with its scales, the id in the query string.",
  },
  'POST /api/evaluations/get/json': {
    operationId: 'showEvaluationByBody',
    tag: 'activities',
    description: "An activity's evaluation as one JSON document with its scales, the id in the body.",
  },
  'GET /api/student/details/:id': {
    operationId: 'showLearnerDetails',
    tag: 'activities',
    description: 'A learner in scope: details, the groups the caller may see them in, and activities by status.',
  },

  // gallery (docs/api/activities.md "Gallery")
  'GET /api/evaluation/gallery': {
    operationId: 'listGallery',
    tag: 'gallery',
    description: "A page of the accepted works with an image in the caller's gallery, newest or most liked first.",
  },
  'GET /api/evaluation/mobile/gallery': {
    operationId: 'listMobileGallery',
    tag: 'gallery',
    description: "The gallery in the mobile client's compact shape, with the next page's offset.",
  },
  'GET /api/answer/gallery': {
    operationId: 'listAnswerGallery',
    tag: 'gallery',
    description: "A page of every image handed in as an answer within the caller's activity scope, any status.",
  },
  'POST /api/evaluation/likes': {
    operationId: 'likeActivity',
    tag: 'gallery',
    description: 'Likes a work of the gallery, takes the like back, or toggles it (one like per user).',
  },

  // messages (docs/api/activities.md "Messages")
  'POST /api/users/send_mail': {
    operationId: 'sendMessage',
    tag: 'messages',
    description: 'Sends a message to a user the caller may write to; the recipient is notified and mailed.',
  },
  'POST /api/messages': {
    operationId: 'listMessages',
    tag: 'messages',
    description: "A page of the caller's inbox or sent messages, with the number unread.",
  },
  'GET /api/messages/:id': {
    operationId: 'showMessage',
    tag: 'messages',
    description: 'A message the caller sent or received; reading it as its recipient marks it read.',
  },
  'POST /api/messages/recipients': {
    operationId: 'searchRecipients',
    tag: 'messages',
    description: 'Up to 20 users the caller may write to, by name.',
  },

  // notifications (docs/api/activities.md "Notifications")
  'POST /api/users/notifications': {
    operationId: 'listNotifications',
    tag: 'notifications',
    description: "A page of the caller's notifications, with the number unread.",
  },
  'POST /api/users/notifications/read': {
    operationId: 'markNotificationsRead',
    tag: 'notifications',
    description: "Marks the caller's notifications read (those given, or all).",
  },
  'POST /api/users/notifications/report': {
    operationId: 'notifyFamilyOfReport',
    tag: 'notifications',
    description: "Tells a learner's family that a report is ready, with the link to that report.",
  },

  // feedback (docs/api/activities.md "Feedback")
  'POST /api/feedback/add': {
    operationId: 'sendFeedback',
    tag: 'feedback',
    description: 'Sends feedback about the platform, with an optional rating (a guest session cannot: 403).',
  },
  'POST /api/feedback': {
    operationId: 'listFeedback',
    tag: 'feedback',
    description: "A page of feedback: the caller's scope for holders of access_dashboard, one's own for others.",
  },
  'POST /api/feedback/read/:id': {
    operationId: 'markFeedbackRead',
    tag: 'feedback',
    description: 'Marks a piece of feedback read.',
  },
  'DELETE /api/feedback/delete/:id': {
    operationId: 'deleteFeedback',
    tag: 'feedback',
    description: 'Deletes a piece of feedback (its author, or a holder of access_dashboard).',
  },

  // dashboard (docs/api/activities.md "Overview")
  'POST /api/dashboard/counts': {
    operationId: 'showDashboardCounts',
    tag: 'dashboard',
    description:
      "Every signed-in user's own counts in its scope: activities, groups, courses, learners, teachers, inactive users, seats.",
  },
  'POST /api/dashboard/evaluations/groups/count': {
    operationId: 'countActivitiesByGroup',
    tag: 'dashboard',
    description: 'Activities per group, largest first, the rest summed as other.',
  },
  'POST /api/dashboard/evaluations/month/count': {
    operationId: 'countActivitiesByMonth',
    tag: 'dashboard',
    description: 'Activities handed in and evaluated per month, oldest first.',
  },
  'POST /api/dashboard/logs/count': {
    operationId: 'countLogEntriesByDay',
    tag: 'dashboard',
    description: 'Audit-log entries per day by the users in scope.',
  },

  // category dictionary (docs/api/scoring.md "Calls")
  'GET /api/category/categories-and-subcategories': {
    operationId: 'listCategories',
    tag: 'categories',
    description: 'Every category set, and the categories with subcategories and words of one set or of all.',
  },
  'POST /api/category/category-management': {
    operationId: 'saveCategoryOrSet',
    tag: 'categories',
    description: 'Creates or renames a category set, or creates or replaces a whole category (kind says which).',
  },
  'DELETE /api/category/delete-category/:id': {
    operationId: 'deleteCategory',
    tag: 'categories',
    description: 'Deletes a category with its subcategories and words (logged).',
  },
  'DELETE /api/category/delete-set/:id': {
    operationId: 'deleteCategorySet',
    tag: 'categories',
    description: 'Deletes an empty category set.',
  },
  'POST /api/category/search-word': {
    operationId: 'searchDictionaryWord',
    tag: 'categories',
    description: 'Where a word is in the dictionary after normalisation, in one set or in every set.',
  },
  'GET /api/category/import-words/template': {
    operationId: 'downloadWordsTemplate',
    tag: 'categories',
    description: 'The xlsx template of the words import, headers in the asked language.',
    files: [XLSX],
  },
  'POST /api/category/import-words': {
    operationId: 'importWords',
    tag: 'categories',
    description: 'Adds the words of an xlsx workbook to a set, all or nothing, with every wrong cell reported.',
  },

  // regions and schools (docs/api/schools.md)
  'POST /api/region/admins': {
    operationId: 'listRegions',
    tag: 'regions',
    description: 'A page of the regions with their admins and counts.',
  },
  'POST /api/region/registeration/admin': {
    operationId: 'createRegionAdmin',
    tag: 'regions',
    description: 'Creates a region admin account for an existing region or a new one (platform level only).',
  },
  'POST /api/region/admins/schools/:id': {
    operationId: 'listRegionSchools',
    tag: 'regions',
    description: "A page of a region's schools.",
  },
  'POST /api/schools': {
    operationId: 'listSchools',
    tag: 'schools',
    description: "A page of the schools in the caller's scope, the filter in the body.",
  },
  'GET /api/schools': {
    operationId: 'listSchoolsByQuery',
    tag: 'schools',
    description: "A page of the schools in the caller's scope, the filter in the query string.",
  },
  'POST /api/school/registeration/admin': {
    operationId: 'createSchoolAdmin',
    tag: 'schools',
    description: 'Creates a school admin account for an existing school in scope or a new school.',
  },
  'POST /api/region/school/update/:id': {
    operationId: 'updateSchool',
    tag: 'schools',
    description: "Edits a school's name, city and address.",
  },
  'DELETE /api/region/school/delete/:id': {
    operationId: 'deleteSchool',
    tag: 'schools',
    description: 'Deletes a school without students, teachers or groups; its admin accounts are deactivated.',
  },
  'POST /api/schools/add/class': {
    operationId: 'createClass',
    tag: 'schools',
    description: 'Adds a class to a school.',
  },
  'POST /api/schools/get/classes': {
    operationId: 'listClasses',
    tag: 'schools',
    description: "A page of a school's classes.",
  },
  'GET /api/schools/class/:id': { operationId: 'showClass', tag: 'schools', description: 'A class of a school.' },
  'POST /api/schools/update/class/:id': {
    operationId: 'updateClass',
    tag: 'schools',
    description: "Edits a class's name and number.",
  },
  'DELETE /api/schools/delete/class/:id': {
    operationId: 'deleteClass',
    tag: 'schools',
    description: 'Deletes a class; its students stay, without a class.',
  },
  'POST /api/schools/add/student': {
    operationId: 'createSchoolStudent',
    tag: 'schools',
    description: "Enrols a student in a school, within the school's free seats.",
  },
  'POST /api/schools/get/student': {
    operationId: 'listSchoolStudents',
    tag: 'schools',
    description: "A page of a school's students, filtered by class, group and status, searched by name or national id.",
  },
  'POST /api/schools/get/not/in/group': {
    operationId: 'listStudentsNotInGroup',
    tag: 'schools',
    description: "A page of a school's students who are not in a given group (or in no group).",
  },
  'GET /api/schools/student/:id': {
    operationId: 'showSchoolStudent',
    tag: 'schools',
    description: 'A student of a school in scope.',
  },
  'POST /api/schools/update/student/:id': {
    operationId: 'updateSchoolStudent',
    tag: 'schools',
    description: "Edits a school student's details.",
  },
  'POST /api/schools/delete/student/:id': {
    operationId: 'deleteSchoolStudent',
    tag: 'schools',
    description: "Removes a student from a school (a family's child stays the family's), freeing a seat.",
  },
  'POST /api/schools/add/teacher': {
    operationId: 'createSchoolTeacher',
    tag: 'schools',
    description: 'Creates a teacher account of a school.',
  },
  'POST /api/schools/get/teachers': {
    operationId: 'listSchoolTeachers',
    tag: 'schools',
    description: "A page of a school's teachers.",
  },
  'POST /api/schools/get/teachers/lookup': {
    operationId: 'lookupSchoolTeachers',
    tag: 'schools',
    description: "A school's active teachers (id and name), for pickers.",
  },
  'POST /api/schools/delete/teacher/:id': {
    operationId: 'removeSchoolTeacher',
    tag: 'schools',
    description: "Takes a teacher out of a school and the school's groups; the account keeps its history.",
  },
  'POST /api/schools/get/groups': {
    operationId: 'listSchoolGroups',
    tag: 'schools',
    description: "A page of a school's groups.",
  },
  'POST /api/schools/get/group/:id': {
    operationId: 'showSchoolGroup',
    tag: 'schools',
    description: "A school's group with its students.",
  },
  'POST /api/schools/add/students/group': {
    operationId: 'addStudentsToGroup',
    tag: 'schools',
    description: "Adds students of the group's school to a group (members already there are skipped).",
  },
  'POST /api/schools/remove/students/group': {
    operationId: 'removeStudentsFromGroup',
    tag: 'schools',
    description: 'Removes students from a school group.',
  },
  'POST /api/schools/assign/teacher/group': {
    operationId: 'assignTeacherToGroup',
    tag: 'schools',
    description: "Makes a teacher of the group's school the group's teacher.",
  },

  // seats (docs/api/schools.md "Seat requests")
  'POST /api/schools/add/request': {
    operationId: 'requestSeats',
    tag: 'seats',
    description: 'A school asks for more seats; the request waits for its region admin.',
  },
  'POST /api/schools/get/requests': {
    operationId: 'listWaitingSeatRequests',
    tag: 'seats',
    description:
      "The seat requests waiting for the caller (region admin, platform admin) or the school's pending ones.",
  },
  'POST /api/schools/get/history/requests': {
    operationId: 'listSeatRequests',
    tag: 'seats',
    description: 'A page of every seat request in scope, filtered by school, region and status.',
  },
  'POST /api/schools/approve/region/request': {
    operationId: 'decideSeatRequestForRegion',
    tag: 'seats',
    description: 'The region admin approves a seat request for the platform admin, or declines it.',
  },
  'POST /api/schools/approve/admin/request': {
    operationId: 'decideSeatRequest',
    tag: 'seats',
    description: "The platform admin approves a seat request (adding the seats to the school's quota) or declines it.",
  },

  // school, region and platform reports (docs/api/schools.md "Reports")
  'POST /api/schools/admin/report': {
    operationId: 'showSchoolReport',
    tag: 'reports',
    description: "A school's report: its groups, learners by level and gender, counts and seats.",
  },
  'POST /api/region/admin/schools/report/:id': {
    operationId: 'showRegionSchoolReport',
    tag: 'reports',
    description: "The report of a school of the caller's region.",
  },
  'POST /api/region/admin/report': {
    operationId: 'showRegionReport',
    tag: 'reports',
    description: "A region's report, broken down by school.",
  },
  'POST /api/admin/report': {
    operationId: 'showPlatformReport',
    tag: 'reports',
    description: "The platform's report over every school, broken down by region.",
  },

  // imports (docs/api/schools.md "Bulk enrolment")
  'GET /api/schools/template/students': {
    operationId: 'downloadStudentsTemplate',
    tag: 'imports',
    description: 'The xlsx template of the students import, headers in the asked language.',
    files: [XLSX],
  },
  'GET /api/schools/template/teachers': {
    operationId: 'downloadTeachersTemplate',
    tag: 'imports',
    description: 'The xlsx template of the teachers import, headers in the asked language.',
    files: [XLSX],
  },
  'POST /api/schools/import/students': {
    operationId: 'importStudents',
    tag: 'imports',
    description: 'Checks an xlsx workbook of students, or enrols all or only the valid rows within the free seats.',
  },
  'POST /api/schools/import/teachers': {
    operationId: 'importTeachers',
    tag: 'imports',
    description: 'Checks an xlsx workbook of teachers, or creates their accounts (all or only the valid rows).',
  },

  // word scores (docs/api/scoring.md "Word scores", "Review queue", "Suggestions")
  'GET /api/scores/question-sets': {
    operationId: 'listQuestionSets',
    tag: 'scores',
    description: 'Every question that can hold written answers, with the category set that scores it.',
  },
  'POST /api/scores/question-sets': {
    operationId: 'linkQuestionSet',
    tag: 'scores',
    description: 'Links a question to a category set, or unlinks it; the question is queued for scoring.',
  },
  'POST /api/scores/rescore': {
    operationId: 'queueRescoring',
    tag: 'scores',
    description: 'Queues the rescoring of every word question, or of those of one set, as a job.',
  },
  'GET /api/scores/jobs': {
    operationId: 'listScoringJobs',
    tag: 'scores',
    description: 'The latest ten scoring jobs, newest first.',
  },
  'GET /api/scores/jobs/:id': {
    operationId: 'showScoringJob',
    tag: 'scores',
    description: 'A scoring job with its progress.',
  },
  'POST /api/scores/explain': {
    operationId: 'explainScores',
    tag: 'scores',
    description: "A learner's word scores explained answer by answer.",
  },
  'POST /api/scores/score': {
    operationId: 'scoreLearner',
    tag: 'scores',
    description: "Scores now the word questions of a learner's tests, each for all its takers.",
  },
  'POST /api/scores/review-queue': {
    operationId: 'listReviewQueue',
    tag: 'scores',
    description: 'A page of the answers that matched no word, grouped by set and normalised form.',
  },
  'POST /api/scores/review-queue/assign': {
    operationId: 'assignQueuedWord',
    tag: 'scores',
    description: "Makes a queued word a dictionary word of a subcategory and queues the set's rescoring.",
  },
  'POST /api/scores/review-queue/dismiss': {
    operationId: 'dismissQueuedWord',
    tag: 'scores',
    description: 'Sets a queued word aside, or puts it back in the queue.',
  },
  'POST /api/answers/submit/to/ai': {
    operationId: 'suggestSubcategories',
    tag: 'scores',
    description: 'Suggests subcategories for words found in the dictionary itself; changes nothing.',
  },

  // marking (docs/api/marking.md)
  'POST /api/users/to/mark': {
    operationId: 'listOpenMarkings',
    tag: 'marking',
    description: "The caller's open markings, oldest first, each known by its code.",
  },
  'POST /api/users/with/marked/answers': {
    operationId: 'listFinishedMarkings',
    tag: 'marking',
    description: "The caller's finished markings, newest first.",
  },
  'POST /api/exam/report/for/marking': {
    operationId: 'showTestForMarking',
    tag: 'marking',
    description:
      "A test to mark: its drawings with their questions and the caller's scores so far, without the learner.",
  },
  'GET /api/marking/images/:assignment_id/:file_id': {
    operationId: 'showMarkingImage',
    tag: 'marking',
    description: 'A drawing of a test the caller marks (or its thumbnail).',
    files: [IMAGE],
    errors: [404],
  },
  'POST /api/mark/exam/report': {
    operationId: 'saveDrawingScores',
    tag: 'marking',
    description: "Saves a drawing's rubric scores as a draft, naming the marking's version (409 when stale).",
  },
  'POST /api/mark/exam/finish': {
    operationId: 'finishMarking',
    tag: 'marking',
    description: 'Finishes a marking once every drawing is assessed; a third marker is allocated on disagreement.',
  },
  'GET /api/marking/markers': {
    operationId: 'listMarkers',
    tag: 'marking',
    description: 'The users who mark tests, least busy first.',
  },
  'POST /api/marking/tests': {
    operationId: 'listFinishedTests',
    tag: 'marking',
    description: 'The finished tests in scope with their markings, by allocation state (newest 500).',
  },
  'POST /api/marking/assign': {
    operationId: 'assignMarker',
    tag: 'marking',
    description: 'Allocates finished tests to a marker, all or nothing (logged).',
  },
  'GET /api/marking/agreement/:id': {
    operationId: 'showMarkingAgreement',
    tag: 'marking',
    description: "A test's markings and the agreement between its first two markings.",
  },
  'GET /api/marking/reliability/cohorts': {
    operationId: 'listReliabilityCohorts',
    tag: 'marking',
    description:
      'The cohorts (exam type, challenge, academic year) with tests marked twice in scope, and their counts.',
  },
  'GET /api/marking/reliability': {
    operationId: 'showMarkerReliability',
    tag: 'marking',
    description: "A cohort's inter-rater reliability per criterion (ICC(2,1), weighted kappa) and markers' drift.",
  },
  'GET /api/marking/reliability/export': {
    operationId: 'exportMarkerReliability',
    tag: 'marking',
    description: "A cohort's reliability report as an xlsx workbook, headers in the asked language.",
    files: [XLSX],
  },

  // learners' and cohorts' test reports (docs/api/reports.md)
  'GET /api/reports/student/:student_id/:exam_type': {
    operationId: 'showStudentReport',
    tag: 'reports',
    description: "A learner's report of a test, each measure compared with every taker.",
  },
  'POST /api/answers/test/one/report': {
    operationId: 'showChallengeOneReport',
    tag: 'reports',
    description: "A learner's report of challenge 1, compared with that challenge's takers.",
  },
  'POST /api/answers/test/two/report': {
    operationId: 'showChallengeTwoReport',
    tag: 'reports',
    description: "A learner's report of challenge 2, compared with that challenge's takers.",
  },
  'POST /api/answers/test/three/report': {
    operationId: 'showChallengeThreeReport',
    tag: 'reports',
    description: "A learner's report of challenge 3, compared with that challenge's takers.",
  },
  'POST /api/answers/studentScore': {
    operationId: 'showStudentScore',
    tag: 'reports',
    description: "A learner's report of a test, or of one of its challenges.",
  },
  'GET /api/guest-report/:token': {
    operationId: 'showGuestReport',
    tag: 'reports',
    description: "A guest's report by the unguessable link given at registration, with the takers' summary.",
  },
  'POST /api/reports/group/:id': {
    operationId: 'showGroupReport',
    tag: 'reports',
    description: "A group's test report, each learner placed among every taker.",
  },
  'POST /api/reports/school/:id': {
    operationId: 'showSchoolTestReport',
    tag: 'reports',
    description: "A school's test report, broken down by group.",
  },
  'POST /api/reports/region/:id': {
    operationId: 'showRegionTestReport',
    tag: 'reports',
    description: "A region's test report, broken down by school.",
  },
  'POST /api/exam/report': {
    operationId: 'showCohortReport',
    tag: 'reports',
    description: 'The test report of the learners the filters select, broken down one level below the filter.',
  },
  'POST /api/reports/pre-post': {
    operationId: 'listPrePostChanges',
    tag: 'reports',
    description: 'A page of the change from pre-test to post-test per learner, with the mean change and effect size.',
  },

  // score calls (docs/api/reports.md "Score calls")
  'GET /api/answers/countSorted': {
    operationId: 'listLearnerScores',
    tag: 'reports',
    description: 'A page of the learners in scope ranked by their scores in a test, the filter in the query string.',
  },
  'POST /api/answers/countSorted': {
    operationId: 'listLearnerScoresByBody',
    tag: 'reports',
    description: 'A page of the learners in scope ranked by their scores in a test, the filter in the body.',
  },
  'GET /api/usersCount': {
    operationId: 'countTestTakers',
    tag: 'reports',
    description: 'Per test, the learners in scope who took it, were scored and have confirmed scores.',
  },
  'GET /api/answers/count': {
    operationId: 'countAnswers',
    tag: 'reports',
    description: 'Counts of the answers in scope: all, scored, relevant, unmatched, and their learners.',
  },
  'GET /api/answers/totalAnswers': {
    operationId: 'totalAnswers',
    tag: 'reports',
    description: 'The counts of countAnswers, the filter in the query string.',
  },
  'POST /api/answers/totalAnswers': {
    operationId: 'totalAnswersByBody',
    tag: 'reports',
    description: 'The counts of countAnswers, the filter in the body.',
  },
  'GET /api/answers/get/exam/users': {
    operationId: 'listTestTakers',
    tag: 'reports',
    description: 'A page of the learners in scope who took a test, with the challenges taken and whether scored.',
  },
  'GET /api/answers/score/:id': {
    operationId: 'showLearnerScores',
    tag: 'reports',
    description: "A learner's scores in each test, question by question, with what the engine made of each answer.",
  },
  'POST /api/answers/get/user/exam/score': {
    operationId: 'showLearnerTestScores',
    tag: 'reports',
    description: "A learner's scores in one test, question by question, with what the engine made of each answer.",
  },
  'POST /api/confirm/score': {
    operationId: 'confirmScores',
    tag: 'reports',
    description: "Confirms the totals of a learner's test as they stand now (logged).",
  },
  'POST /api/report': {
    operationId: 'sendReportToFamily',
    tag: 'reports',
    description: "Sends the link of a learner's report to the learner's family as a notification.",
  },
  'POST /api/answers/delete': {
    operationId: 'deleteAnswers',
    tag: 'reports',
    description: 'Deletes answers of learners in scope, all or none; their questions are queued for scoring.',
  },
  'GET /api/search/user': {
    operationId: 'searchLearners',
    tag: 'reports',
    description:
      'Up to 50 learners in scope by name, with their family account and tests, the text in the query string.',
  },
  'POST /api/search/user': {
    operationId: 'searchLearnersByBody',
    tag: 'reports',
    description: 'Up to 50 learners in scope by name, with their family account and tests, the text in the body.',
  },
  'GET /api/answers/get/json': {
    operationId: 'exportQuestionScoringFile',
    tag: 'reports',
    description: "A word question's dictionary and pseudonymous answers as an `npm run score` file (query string).",
  },
  'POST /api/answers/get/json': {
    operationId: 'exportQuestionScoringFileByBody',
    tag: 'reports',
    description: "A word question's dictionary and pseudonymous answers as an `npm run score` file (body).",
  },

  // exports and prints (docs/api/reports.md "Exports and prints")
  'GET /api/exam-export': {
    operationId: 'exportExamResults',
    tag: 'reports',
    description: "A group's test results and answers as an xlsx workbook (streamed), headers in the asked language.",
    files: [XLSX],
  },
  'GET /api/exam-export/groups': {
    operationId: 'listExportableGroups',
    tag: 'reports',
    description: 'The groups in scope with how many of their learners took the pre-test and the post-test.',
  },
  'POST /api/users/print/group/users/answers': {
    operationId: 'printLearnerAnswers',
    tag: 'reports',
    description: "A learner's test as answered or corrected, as JSON or as a PDF.",
    files: [PDF],
  },
  'POST /api/users/print/group/users/answers/all': {
    operationId: 'printGroupAnswers',
    tag: 'reports',
    description: "A group's tests as answered or corrected, every learner, as JSON or as a PDF.",
    files: [PDF],
  },

  // background jobs and exports as jobs (docs/api/jobs.md)
  'GET /api/background-jobs': {
    operationId: 'listBackgroundJobs',
    tag: 'jobs',
    description:
      'A page of the failed jobs of the last week and the jobs running long, newest first, without their data.',
  },
  'POST /api/background-jobs/:id/retry': {
    operationId: 'retryBackgroundJob',
    tag: 'jobs',
    description: 'Sends a failed job again: one more try, at once.',
  },
  'POST /api/exports': {
    operationId: 'requestExport',
    tag: 'jobs',
    description:
      'Asks for an export (exam results of a group, or the users): written at once when small, else by a job; answers the export and its progress.',
  },
  'GET /api/exports': {
    operationId: 'listMyExports',
    tag: 'jobs',
    description: "The caller's exports of the last day, newest first, with their progress.",
  },
  'GET /api/exports/:id': {
    operationId: 'showExport',
    tag: 'jobs',
    description: "One of the caller's exports with its progress in rows.",
  },
  'GET /api/exports/:id/file': {
    operationId: 'downloadExport',
    tag: 'jobs',
    description: "The file of one of the caller's finished exports.",
    files: [XLSX],
    errors: [404],
  },
};
