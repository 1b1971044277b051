import type { ExamStatus } from '../../dataProvider/exams';
import type { QueuedStage } from './offlineQueue';

/** The status the exam page shows: the server's, or `waiting` while stages of the challenge are on the device. */
export type ShownStatus = ExamStatus | 'waiting';

export interface ShownExam {
  status: ShownStatus;
  /** the learner's report is offered: the server has every stage this device took of the exam type */
  report: boolean;
}

/**
 * What the exam page says of a challenge (docs/api/exams.md "The exam offline"): while any stage of the challenge
 * is kept on this device (waiting for the connection, or refused for now) the server does not have it, so the
 * status is `waiting` (the answers are on the device and will be sent), whatever the device counts as taken; the
 * report, which needs the network and covers the whole exam type, is offered only once no stage of the exam type
 * waits on the device. With nothing kept, the server's status and the report as ever.
 */
export const shownExam = (
  serverStatus: ExamStatus,
  challenge: number,
  kept: readonly Pick<QueuedStage, 'challenge'>[],
): ShownExam => ({
  status: kept.some((k) => k.challenge === challenge) ? 'waiting' : serverStatus,
  report: kept.length === 0,
});
