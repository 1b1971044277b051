import { useId, useState } from 'react';
import { Box, Link, Typography, type TypographyProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cutShortText } from '../../domain/shortText';

/**
 * A short text shown up to its first 130 characters (domain/shortText.ts), then "…" and a "Read more" button that
 * shows the whole text in place ("Show less" to cut it again). A text within the limit shows as it is.
 */
export const ShortText = ({ text, ...props }: { text: string | null | undefined } & TypographyProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!text) return null;
  const { shown, cut } = cutShortText(text);
  return (
    <Typography
      component="span"
      variant="body2"
      {...props}
      sx={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext', overflowWrap: 'anywhere', ...props.sx }}
    >
      <span id={id}>{open || !cut ? text : `${shown}…`}</span>
      {cut ? (
        <Box component="span" sx={{ ml: 0.5, display: 'inline-block' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            aria-expanded={open}
            aria-controls={id}
            onClick={(e) => {
              e.stopPropagation();
              setOpen((o) => !o);
            }}
          >
            {translate(open ? 'app.readLess' : 'app.readMore')}
          </Link>
        </Box>
      ) : null}
    </Typography>
  );
};
