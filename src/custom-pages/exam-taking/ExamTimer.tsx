import { useEffect, useState } from 'react';
import { Chip } from '@mui/material';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { useTranslate } from 'react-admin';

const clock = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/** The time left, counted down from the server's deadline; 'time is over' at 0. */
export const ExamTimer = ({ deadline, onTimeOver }: { deadline: number; onTimeOver?: () => void }) => {
  const translate = useTranslate();
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) {
        window.clearInterval(timer);
        onTimeOver?.();
      }
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  const over = seconds === 0;
  return (
    <Chip
      icon={<TimerOutlined />}
      color={over ? 'error' : seconds < 120 ? 'warning' : 'default'}
      data-testid="exam-timer"
      data-seconds={seconds}
      label={
        over ? (
          translate('app.exams.ui.timeOver')
        ) : (
          <span>
            {translate('app.exams.ui.timeLeft')} <bdi dir="ltr">{clock(seconds)}</bdi>
          </span>
        )
      }
      sx={{ fontVariantNumeric: 'tabular-nums', fontSize: '1rem' }}
    />
  );
};
