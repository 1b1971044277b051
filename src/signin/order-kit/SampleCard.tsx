import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useSignInEnv } from '../env';
import { API_BASE } from '../../http';

/** The public sample of the kit (GET /api/neomi-kit/sample.pdf), for anyone to download. */
export const SAMPLE_PDF_URL = `${API_BASE}/neomi-kit/sample.pdf`;

export const SampleCard = () => {
  const { translate } = useSignInEnv();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', bgcolor: 'action.hover' }}
    >
      <PictureAsPdfIcon color="primary" sx={{ fontSize: 44 }} aria-hidden />
      <Box sx={{ flex: '1 1 260px' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('app.public.sampleTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.public.sampleText')}
        </Typography>
      </Box>
      <Button variant="outlined" href={SAMPLE_PDF_URL} download="neomi-kit-sample.pdf" startIcon={<DownloadIcon />}>
        {translate('app.public.downloadSample')}
      </Button>
    </Paper>
  );
};
