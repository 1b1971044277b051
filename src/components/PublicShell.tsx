import { type ReactNode, Suspense } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Loading, LocalesMenuButton, useTranslate } from 'react-admin';
import { BrandMark } from './BrandMark';

/** The frame of the public pages (login, register, reset password): a card, the brand, the language menu. */
export const PublicShell = ({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        py: { xs: 2, sm: 6 },
        px: 1,
        background: 'linear-gradient(160deg, #ede7f8 0%, #fdf1ea 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: wide ? 760 : 420, display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <LocalesMenuButton />
      </Box>
      {/* overflow visible: a sticky bar inside (the test's timer) sticks to the screen, not to the card */}
      <Card sx={{ width: '100%', maxWidth: wide ? 760 : 420, overflow: 'visible' }} elevation={3}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <BrandMark />
            <Box>
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
                {translate('app.name')}
              </Typography>
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
            </Box>
          </Box>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </CardContent>
      </Card>
    </Box>
  );
};
