import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress } from '@mui/material';
import { useSignInEnv } from '../env';

/** The send button: disabled with a wait text while sending (docs/PRODUCT.md §4 "Forms that follow what is typed"). */
export const SendButton = ({ busy }: { busy: boolean }) => {
  const { translate } = useSignInEnv();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={
        busy ? (
          <CircularProgress size={18} color="inherit" aria-hidden />
        ) : (
          <SendIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        )
      }
    >
      {translate(busy ? 'app.public.sending' : 'app.public.send')}
    </Button>
  );
};
