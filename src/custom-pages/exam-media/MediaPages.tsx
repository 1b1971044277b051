import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { AuthImage } from '../../components/AuthImage';
import { apiBlob } from '../../http';
import { getToken } from '../../session';
import { ModelViewer } from './ModelViewer';

const validId = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/** A page of one picture or model, without the console's sidebar and top bar (docs/PRODUCT.md §2 "Navigation"). */
const Bare = ({ children }: { children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: '#1f1b2e',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      {getToken() ? (
        children
      ) : (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/login" state={{ nextPathname: window.location.pathname }}>
              {translate('ra.auth.sign_in')}
            </Button>
          }
        >
          {translate('app.exams.media.signIn')}
        </Alert>
      )}
    </Box>
  );
};

const ExamImage = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // the picture's own call answers 404 outside the caller's scope
    apiBlob(`/exam/files/${id}?variant=thumb`).catch(() => setFailed(true));
  }, [id]);
  if (failed) return <Typography>{translate('app.exams.media.notFound')}</Typography>;
  return (
    <AuthImage
      src={`/api/exam/files/${id}`}
      alt={translate('app.exams.media.image')}
      style={{ maxWidth: '100%', maxHeight: '92vh', background: '#fff', borderRadius: 8 }}
    />
  );
};

/** /image/:img_id — a test picture (a stage's drawing or photo, a question's figure). */
export const ImagePage = () => {
  const id = validId(useParams().img_id);
  if (!id) return <Navigate to="/404" replace />;
  return (
    <Bare>
      <ExamImage id={id} />
    </Bare>
  );
};

/** /img/:img_id/:user_id/:advanced_id/:lesson_id/:type — a picture by kind; the test's pictures are type 'exam'. */
export const ImgPage = () => {
  const params = useParams();
  const id = validId(params.img_id);
  if (!id || params.type !== 'exam') return <Navigate to="/404" replace />;
  return (
    <Bare>
      <ExamImage id={id} />
    </Bare>
  );
};

/** /img/3d/:img_id — a 3D model (of a question or an answer) in an interactive viewer. */
export const Model3DPage = () => {
  const translate = useTranslate();
  const id = validId(useParams().img_id);
  const [data, setData] = useState<ArrayBuffer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id || !getToken()) return;
    apiBlob(`/exam/files/${id}`)
      .then((b) => b.arrayBuffer())
      .then(setData)
      .catch(() => setFailed(true));
  }, [id]);
  if (!id) return <Navigate to="/404" replace />;
  return (
    <Bare>
      <Box sx={{ width: '100%', maxWidth: 1100 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {translate('app.exams.media.model')}
        </Typography>
        {failed ? (
          <Typography>{translate('app.exams.media.notFound')}</Typography>
        ) : (
          <ModelViewer data={data} height={Math.max(320, Math.round(window.innerHeight * 0.75))} />
        )}
        <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>
          {translate('app.exams.media.hint')}
        </Typography>
      </Box>
    </Bare>
  );
};
