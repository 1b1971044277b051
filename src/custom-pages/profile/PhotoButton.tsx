import { useRef } from 'react';
import { Button, CircularProgress } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { UPLOAD_LIMIT_BYTES } from '../../../domain/codes';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Checks a picture before sending it: the same limits the server applies. */
export const photoProblem = (file: File): string | undefined => {
  if (!IMAGE_TYPES.includes(file.type)) return 'app.validation.invalidImage';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'app.validation.fileTooLarge';
  return undefined;
};

/** Change the profile picture: POST /users/update_photo/{id} (multipart `image`). */
export const PhotoButton = ({ userId, onSaved }: { userId: number; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const { busy, run } = useBusyAction();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    await run(async () => {
      await dataProvider.updatePhoto(userId, file);
      notify('app.notify.photoUpdated', { type: 'success' });
      onSaved();
    });
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        onChange={(e) => void upload(e.target.files?.[0])}
        aria-hidden="true"
        tabIndex={-1}
      />
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <PhotoCameraIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {translate('app.profile.changePhoto')}
      </Button>
    </>
  );
};
