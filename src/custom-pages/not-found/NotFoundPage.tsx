import { Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { LinkBase, useTranslate } from 'react-admin';
import { getToken } from '../../session';

/** /404 and every unknown address (docs/PRODUCT.md §2 "Navigation"). */
const NotFoundPage = () => {
  const translate = useTranslate();
  const signedIn = !!getToken();
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <SearchOffIcon sx={{ fontSize: 72, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1" gutterBottom>
        404
      </Typography>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('app.errors.notFound')}
      </Typography>
      <Button component={LinkBase} to={signedIn ? '/overview' : '/login'} variant="contained" sx={{ mt: 2 }}>
        {translate(signedIn ? 'app.notFound.home' : 'app.login.title')}
      </Button>
    </Box>
  );
};

export default NotFoundPage;
