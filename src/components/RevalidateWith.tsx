import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/**
 * Re-checks `field` whenever `partner` changes once `field` was touched, so a
 * "do not match" warning appears and disappears as either field is typed.
 */
export const RevalidateWith = ({ field, partner }: { field: string; partner: string }) => {
  const { trigger, getFieldState, formState } = useFormContext();
  const value = useWatch({ name: partner });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (getFieldState(field, formState).isTouched) void trigger(field);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};
