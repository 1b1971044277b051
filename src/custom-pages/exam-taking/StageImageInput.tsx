import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useFilePicker } from '../../components/useFilePicker';
import { useTranslateFor } from '../../i18n/gender';
import { UPLOAD_LIMIT_BYTES } from '../../../domain/codes';
import { DrawingCanvas, type DrawingHandle } from './DrawingCanvas';
import { photoForUpload } from './photoForUpload';
import type { StageImage } from './stagePayload';

export interface StageImageHandle {
  getImage(): Promise<StageImage | null>;
}

/**
 * The image every stage needs (docs/PRODUCT.md §5 "Exam stages"): drawn on the screen, or a photo
 * of a paper drawing (the tablet's camera or a file), at most 20 MB.
 */
export const StageImageInput = forwardRef<
  StageImageHandle,
  { background?: string | null; onChange: (has: boolean) => void; error?: string; disabled?: boolean }
>(({ background, onChange, error, disabled }, ref) => {
  const translate = useTranslateFor();
  const [mode, setMode] = useState<'draw' | 'photo'>('draw');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photoPicker = useFilePicker({
    accept: 'image/png,image/jpeg,image/webp,image/gif',
    testId: 'stage-photo',
    onFile: (file) => {
      if (file && file.size > UPLOAD_LIMIT_BYTES) {
        setPhotoError('app.validation.fileTooLarge');
        setPhoto(null);
      } else {
        setPhotoError(null);
        setPhoto(file);
      }
    },
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);
  const drawing = useRef<DrawingHandle>(null);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(() => {
    onChange(mode === 'draw' ? hasDrawing : !!photo);
  }, [mode, hasDrawing, photo, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      async getImage() {
        if (mode === 'photo')
          return photo ? { blob: await photoForUpload(photo), name: photo.name || 'photo.jpg', drawn: false } : null;
        const png = await drawing.current?.toPng();
        return png ? { blob: png, name: 'drawing.png', drawn: true } : null;
      },
    }),
    [mode, photo],
  );

  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.exams.ui.yourImage')}
      </Typography>
      <Tabs value={mode} onChange={(_e, v) => setMode(v)} sx={{ mb: 1 }}>
        <Tab value="draw" label={translate('app.exams.ui.drawOnScreen')} />
        <Tab value="photo" label={translate('app.exams.ui.uploadPhoto')} />
      </Tabs>
      <Box sx={{ display: mode === 'draw' ? 'block' : 'none' }}>
        <DrawingCanvas ref={drawing} background={background} onChange={setHasDrawing} disabled={disabled} />
      </Box>
      {mode === 'photo' && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateOutlined />}
            disabled={disabled}
            onClick={photoPicker.open}
          >
            {translate('app.exams.ui.choosePhoto')}
          </Button>
          {photoPicker.input}
          {preview && (
            <Box
              component="img"
              src={preview}
              alt={translate('app.exams.ui.yourImage')}
              sx={{ display: 'block', mt: 1, maxWidth: '100%', maxHeight: 320, borderRadius: 1 }}
            />
          )}
        </Box>
      )}
      {(photoError || error) && (
        <Typography color="error" role="alert" sx={{ mt: 1 }}>
          {translate(photoError ?? error!)}
        </Typography>
      )}
    </Box>
  );
});
StageImageInput.displayName = 'StageImageInput';
