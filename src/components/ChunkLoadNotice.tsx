import { useId } from 'react';
import { Box, Button, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { ChunkLoadError } from '../lazyPart';

/**
 * What shows in place of a part of a page that failed to load or took longer than 120,000 ms (src/lazyPart.ts):
 * a translated message and a button that reloads the page, which fetches the part again. Without react-admin, so
 * that the light app (src/signin/LightApp.tsx) shows it too; the console's page boundary passes its translate.
 */
export const ChunkLoadNotice = ({
  reason,
  translate,
}: {
  reason: ChunkLoadError['reason'];
  translate: (key: string) => string;
}) => {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-page-state="chunkLoad"
      sx={{ textAlign: 'center', py: { xs: 4, sm: 8 }, px: 2 }}
    >
      <CloudOffIcon aria-hidden sx={{ fontSize: 72, color: 'text.secondary' }} />
      <div role="alert">
        <Typography id={headingId} variant="h5" component="h1" gutterBottom>
          {translate('app.pageState.chunkLoad.title')}
        </Typography>
        <Typography color="text.secondary">
          {translate(reason === 'timeout' ? 'app.pageState.chunkLoad.timeout' : 'app.pageState.chunkLoad.failed')}
        </Typography>
      </div>
      <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
        {translate('app.pageState.chunkLoad.reload')}
      </Button>
    </Box>
  );
};
