import { useId, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { type AppLocale, LOCALE_MENU } from '../i18n/locales';

interface LanguageMenuButtonProps {
  /** the page's language */
  locale: string;
  /** switches the page to a language the visitor chose */
  onChange: (locale: AppLocale) => void;
}

/**
 * The language menu, as react-admin's LocalesMenuButton looks and works: the current language named in itself, a
 * menu of the four. The menu is rendered while open only (LocalesMenuButton keeps it mounted, hidden): a page the
 * server rendered would otherwise render it at once after hydrating, through a portal the server cannot render, in
 * the same long task (docs/PERFORMANCE.md "Phone"). The button names the menu it controls while the menu is there.
 */
export const LanguageMenuButton = ({ locale, onChange }: LanguageMenuButtonProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <span>
      <Button
        color="inherit"
        variant="text"
        aria-controls={anchor ? id : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {LOCALE_MENU.find((language) => language.locale === locale)?.name}
      </Button>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LOCALE_MENU.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              onChange(language.locale);
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
