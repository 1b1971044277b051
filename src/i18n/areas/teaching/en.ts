import type { MessageTree } from '../../app/nest';

/**
 * Teaching in English: courses, lessons, groups, requests, certificates.
 * The English of server messages comes from domain/messages/teaching.ts.
 */
export default {
  app: {
    codes: {
      courseApproval: { waiting: 'Waiting for approval', approved: 'Approved', refused: 'Refused' },
      groupGender: { mixed: 'Boys and girls', boys: 'Boys', girls: 'Girls' },
      memberStatus: { pending: 'Asked to join', active: 'Active', inactive: 'Not active', hidden: 'Hidden', blocked: 'Blocked' },
      requestStatus: { waiting: 'Waiting', accepted: 'Accepted', refused: 'Refused' },
      activityKind: { drawing: 'Drawing', writing: 'Writing', making: 'Making', game: 'Game', advanced: 'Advanced activity' },
    },
    logs: {
      entities: { course: 'Course', lesson: 'Lesson', lesson_activity: 'Lesson activity', group: 'Group', course_request: 'Course request', certificate: 'Certificate' },
    },
  },
} satisfies MessageTree;
