import { type MouseEvent, useSyncExternalStore } from 'react';
import { Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { getToken } from '../session';
import { useSignInEnv } from './env';

/** Nothing tells of a session starting or ending while this page shows: it is read once. */
const unchanging = () => () => undefined;

/**
 * Whether a session is kept on this device: never on the server, which prerenders the page for everyone
 * (src/prerender/); read on the device once the page is hydrated, so the hydration matches the HTML.
 */
const useSignedIn = () =>
  useSyncExternalStore(
    unchanging,
    () => !!getToken(),
    () => false,
  );

/** /404 and every unknown address (docs/PRODUCT.md §2 "Navigation"): the way home, or to sign in. */
export const NotFoundPage = () => {
  const { translate, navigate } = useSignInEnv();
  const signedIn = useSignedIn();
  const to = signedIn ? '/overview' : '/login';
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <SearchOffIcon sx={{ fontSize: 72, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1" gutterBottom>
        404
      </Typography>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('app.errors.notFound')}
      </Typography>
      <Button
        href={to}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          navigate(to);
        }}
        variant="contained"
        sx={{ mt: 2 }}
      >
        {translate(signedIn ? 'app.notFound.home' : 'app.login.title')}
      </Button>
    </Box>
  );
};
