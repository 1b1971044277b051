import { TextField } from '@mui/material';

/**
 * A guest's report link, shown to be kept (after a guest's sign-up, at the end of the test): read-only and written
 * left to right on an Arabic page too. `label`: its accessible name, translated.
 */
export const ReportLinkField = ({ link, label }: { link: string; label: string }) => (
  <TextField
    fullWidth
    size="small"
    value={link}
    slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'aria-label': label } }}
  />
);
