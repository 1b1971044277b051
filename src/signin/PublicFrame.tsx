import { type ReactNode, Suspense } from 'react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { BrandMark } from '../components/BrandMark';

/**
 * The frame of the public pages (login, register, reset password, the test, the kit order): a card with the brand
 * and the page's title, the language menu above it. Plain MUI: the light sign-in page (src/signin/) and the
 * react-admin pages (components/PublicShell.tsx) share it. `waiting`: what shows while a part of the page downloads.
 */
export const PublicFrame = ({
  title,
  brand,
  menu,
  children,
  wide = false,
  waiting = <CircularProgress aria-hidden sx={{ display: 'block', mx: 'auto', my: 2 }} />,
}: {
  title: string;
  /** the academy's name, translated */
  brand: string;
  menu: ReactNode;
  children: ReactNode;
  wide?: boolean;
  waiting?: ReactNode;
}) => (
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
      {menu}
    </Box>
    {/* overflow visible: a sticky bar inside (the test's timer) sticks to the screen, not to the card */}
    <Card sx={{ width: '100%', maxWidth: wide ? 760 : 420, overflow: 'visible' }} elevation={3}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <BrandMark />
          <Box>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
              {brand}
            </Typography>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Box>
        </Box>
        <Suspense fallback={waiting}>{children}</Suspense>
      </CardContent>
    </Card>
  </Box>
);
