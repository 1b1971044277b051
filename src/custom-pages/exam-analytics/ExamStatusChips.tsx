import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Exam } from '../../dataProvider/exams';

const COLOUR = { not_started: 'default', open: 'info', finished: 'success', time_over: 'warning' } as const;

/** Where a learner stands in the three challenges of one exam type. */
export const ExamStatusChips = ({ exams, examType }: { exams: Exam[]; examType: number }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      {[1, 2, 3].map((c) => {
        const exam = exams.find((e) => e.exam_type === examType && e.challenge === c);
        const status = exam?.status ?? 'not_started';
        return (
          <Tooltip
            key={c}
            title={`${translate(`app.codes.challenge.c${c}`)}: ${translate(`app.exams.status.${status}`)}`}
          >
            <Chip
              size="small"
              color={COLOUR[status]}
              variant={status === 'not_started' ? 'outlined' : 'filled'}
              label={c}
              aria-label={`${translate(`app.codes.challenge.c${c}`)}: ${translate(`app.exams.status.${status}`)}`}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
};
