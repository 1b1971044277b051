import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { apiBlob } from '../http';
import { isUnreachable, keptBlob } from '../examCache';

/**
 * The object URL of an image the API serves only to signed-in users allowed
 * to see it (photos, drawings, activity images): fetched with the bearer
 * token, revoked when no longer shown (offline, the copy the exam kept on the
 * device, if any). `null` until loaded, and when there is no image or it cannot be read.
 */
export const useAuthImage = (src: string | null | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!src) return undefined;
    // a data: or blob: address is already local
    if (/^(data|blob):/.test(src)) {
      setUrl(src);
      return undefined;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const path = src.replace(/^\/api/, '');
    apiBlob(path, { signal: controller.signal })
      // offline: a figure of the test kept on the device when the test opened (src/examCache.ts)
      .catch(async (error: unknown) => {
        const kept = isUnreachable(error) ? await keptBlob(path) : null;
        if (!kept) throw error;
        return kept;
      })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url;
};

/** An <img> of an image the API serves with the bearer token (see useAuthImage); `fallback` while none. */
export const AuthImage = ({
  src,
  fallback,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; fallback?: string }) => {
  const url = useAuthImage(src);
  const shown = url ?? fallback;
  return shown ? <img src={shown} {...props} /> : null;
};
