import { Grid } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { CONTENT_LOCALES } from '../../../domain/codes';

/**
 * One text in each language (source.ar, source.en, source.de, source.fr):
 * Arabic and English required, German and French optional (English stands in).
 */
export const LocalizedInputs = ({
  source,
  label,
  multiline = false,
}: {
  source: string;
  label: string;
  multiline?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      {CONTENT_LOCALES.map((locale) => (
        <Grid key={locale} size={{ xs: 12, md: 6 }}>
          <TextInput
            source={`${source}.${locale}`}
            label={`${translate(label)} (${translate(`app.forms.languages.${locale}`)})`}
            multiline={multiline}
            slotProps={{ htmlInput: { dir: locale === 'ar' ? 'rtl' : 'ltr', lang: locale } }}
          />
        </Grid>
      ))}
    </Grid>
  );
};
