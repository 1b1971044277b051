import { useId, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LOCALE_MENU } from '../i18n/locales';
import { useSignInEnv } from './env';

/**
 * The language menu of the sign-in page, as react-admin's LocalesMenuButton (the other public pages') looks and
 * works: the current language named in itself, a menu of the four; the choice switches the page at once and is
 * remembered (src/i18n/index.ts changeLocale).
 */
export const LanguageMenu = () => {
  const { locale, changeLocale } = useSignInEnv();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <span>
      <Button
        color="inherit"
        variant="text"
        aria-controls={id}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {LOCALE_MENU.find((language) => language.locale === locale)?.name}
      </Button>
      <Menu id={id} anchorEl={anchor} keepMounted open={!!anchor} onClose={() => setAnchor(null)}>
        {LOCALE_MENU.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              changeLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </span>
  );
};
