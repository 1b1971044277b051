import { IconButton, InputAdornment } from '@mui/material';
import ListIcon from '@mui/icons-material/List';

/**
 * The button at the end of a country typed as free text (after 'Other' was chosen) that goes back to the list of
 * countries: the console's CountryInput and the light app's CountryField (src/signin/fields.tsx) both show it.
 * `label`: its translated name ('app.form.countryFromList').
 */
export const CountryListAdornment = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <InputAdornment position="end">
    <IconButton aria-label={label} title={label} onClick={onClick} edge="end">
      <ListIcon />
    </IconButton>
  </InputAdornment>
);
