import { useEffect, useState } from 'react';
import { Box, Chip } from '@mui/material';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { useTranslateFor } from '../../i18n/gender';

/** From this many seconds left, the child is warned (and a screen reader says so). */
export const WARN_AT_SECONDS = 60;

const clock = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/**
 * The time left, counted down from the server's deadline; 'time is over' at 0.
 * At one minute a warning appears in a live region, so a screen reader
 * announces it once (the region is there, empty, from the start).
 */
export const ExamTimer = ({ deadline, onTimeOver }: { deadline: number; onTimeOver?: () => void }) => {
  const translate = useTranslateFor();
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
  const warn = !over && seconds <= WARN_AT_SECONDS;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
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
      <Box
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="exam-timer-warning"
        // dark amber: 4.5:1 and more on the page's white
        sx={{ color: '#7a3e00', fontWeight: 700, fontSize: '0.95rem' }}
      >
        {warn ? translate('app.exams.ui.oneMinuteLeft') : ''}
      </Box>
    </Box>
  );
};
