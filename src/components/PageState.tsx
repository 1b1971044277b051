import { Component, type ErrorInfo, type ReactNode, useCallback, useId, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useQueryClient } from '@tanstack/react-query';
import { LinkBase, Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageStateOf, type PageStateKind } from '../queryClient';
import { getToken } from '../session';
import { ChunkLoadError } from '../lazyPart';
import { ChunkLoadNotice } from './ChunkLoadNotice';

const ICONS = { forbidden: BlockIcon, notFound: SearchOffIcon } as const;

/**
 * What a page shows when its load is refused: 'forbidden' (403, the page is not for
 * this user) or 'notFound' (404, the record does not exist), translated, with a
 * heading and the way back.
 */
export const PageState = ({ kind }: { kind: PageStateKind }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const headingId = useId();
  const signedIn = !!getToken();
  const Icon = ICONS[kind];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-page-state={kind}
      sx={{ textAlign: 'center', py: { xs: 4, sm: 8 }, px: 2 }}
    >
      <Title title={translate(`app.pageState.${kind}.title`)} />
      <Icon aria-hidden sx={{ fontSize: 72, color: 'text.secondary' }} />
      <div role="alert">
        <Typography id={headingId} variant="h5" component="h1" gutterBottom>
          {translate(`app.pageState.${kind}.title`)}
        </Typography>
        <Typography color="text.secondary">{translate(`app.pageState.${kind}.text`)}</Typography>
      </div>
      <Stack direction="row" sx={{ justifyContent: 'center', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          {translate('app.pageState.back')}
        </Button>
        <Button component={LinkBase} to={signedIn ? '/overview' : '/login'} variant="contained">
          {translate(signedIn ? 'app.notFound.home' : 'app.login.title')}
        </Button>
      </Stack>
    </Box>
  );
};

/** A part of the console that failed to load or took too long (src/lazyPart.ts): ChunkLoadNotice, translated. */
export const ChunkLoadFailed = ({ reason }: { reason: ChunkLoadError['reason'] }) => {
  const translate = useTranslate();
  return <ChunkLoadNotice reason={reason} translate={translate} />;
};

interface BoundaryProps {
  /** the address: a new one clears the state */
  resetKey: string;
  /** after a refused load is caught: its cached answer is dropped so a new visit asks again */
  onCaught: () => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    this.props.onCaught();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof ChunkLoadError) return <ChunkLoadFailed reason={error.reason} />;
    const kind = pageStateOf(error);
    // any other failure goes on to react-admin's error page (the layout's boundary)
    if (!kind) throw error;
    return <PageState kind={kind} />;
  }
}

/**
 * Around every page (the layout's content and each lazily loaded page, src/routes.tsx):
 * a load refused with 403 or 404 (thrown by the query client, src/queryClient.ts, or by
 * usePageLoadError) shows PageState in place of the page, a part of the console that could not be loaded
 * (src/lazyPart.ts) ChunkLoadFailed; other errors pass on.
 */
export const PageStateBoundary = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const onCaught = () =>
    queryClient.removeQueries({
      predicate: (q) => q.state.status === 'error' && pageStateOf(q.state.error) !== undefined,
    });
  return (
    <Boundary resetKey={pathname} onCaught={onCaught}>
      {children}
    </Boundary>
  );
};

/**
 * For a page that loads in an effect rather than through the query client: give the
 * load's error to it, and a 403 or 404 shows the page state like every other page.
 * Other errors are left to the page (it returns false for them).
 */
export const usePageLoadError = () => {
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const show = useCallback((loadError: unknown): boolean => {
    if (!pageStateOf(loadError)) return false;
    setFailed({ error: loadError });
    return true;
  }, []);
  if (failed) throw failed.error;
  return show;
};
