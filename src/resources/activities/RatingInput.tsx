import { FormControl, FormHelperText, FormLabel, Rating } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { RATING_RANGE } from '../../../domain/activities';

/** Stars from 1 to 5 as a form input (teacher_rate); a click on the chosen star clears it. */
export const RatingInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const id = `rating-${source}`;
  return (
    <FormControl error={!!fieldState.error} component="fieldset">
      <FormLabel id={id} component="legend">
        {translate(label)}
      </FormLabel>
      <Rating
        name={source}
        value={typeof field.value === 'number' ? field.value : null}
        max={RATING_RANGE.max}
        onChange={(_e, value) => field.onChange(value)}
        aria-labelledby={id}
        getLabelText={(value) => translate('app.activities.stars', { smart_count: value })}
      />
      {fieldState.error?.message ? <FormHelperText>{translate(fieldState.error.message)}</FormHelperText> : null}
    </FormControl>
  );
};
