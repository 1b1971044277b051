import { useRef } from 'react';

/**
 * A file chooser opened by a real button: `open` for the button's onClick and `input` to render anywhere (hidden).
 * A button that is a <label> around its input (MUI's `component="label"`) cannot be pressed with the keyboard:
 * Enter and Space on it call no click, so a child or an admin without a mouse could not choose a file (WCAG 2.1.1).
 */
export const useFilePicker = ({
  accept,
  onFile,
  testId,
}: {
  accept: string;
  onFile: (file: File | null) => void;
  testId?: string;
}) => {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      hidden
      type="file"
      accept={accept}
      data-testid={testId}
      onChange={(e) => {
        onFile(e.target.files?.[0] ?? null);
        // the same file chosen again is a change again
        e.target.value = '';
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
};
